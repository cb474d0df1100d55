// What the OpenAPI document says of each page-link operation, by operationId (api/routes/page-link.routes.ts).

export const pageLinkDocs = {
  viewPageLink:
    'Changes nothing (mail scanners follow links): shows the incident and a button that POSTs to the same URL. ' +
    'A forged or unknown link is 404; an expired (24 hours) or already used one is 410; both answer an HTML page.',
  usePageLink:
    'Acknowledges (active → investigating) or resolves the incident as the member the page was mailed to, which stops its escalation; ' +
    'recorded on the timeline and in the audit log. Each link works once: a second use is 410. A forged link or one for another page is 404; ' +
    'a member whose role cannot update incidents (viewer) is refused with 403.',
  viewContactMethodVerification:
    'Changes nothing: shows the address and a button that POSTs to the same URL. An unknown, used or expired link is 404.',
  verifyContactMethod:
    'Works once, within 24 hours of the mail; afterwards the address can be paged. An unknown, used or expired link is 404.',
} as const;
