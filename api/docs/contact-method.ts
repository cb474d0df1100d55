// What the OpenAPI document says of each contact-method operation, by operationId (api/routes/contact-method.routes.ts).

const OWN =
  "Every member manages only their own (another member's id is 404). Changes need a signed-in member: an API key is refused (403).";

export const contactMethodDocs = {
  listMyContactMethods: `How escalations page you. ${OWN}`,
  createMyContactMethod:
    '`email`: your account address counts as verified; any other gets a single-use verification link (24 hours), and is never paged until it is confirmed. ' +
    'One verification mail per address and organization a minute, however many methods are created for it (429 with Retry-After). ' +
    '`webhook`: pages are POSTed as JSON (your `template`, rendered) through the outbound client that refuses private addresses; the URL and headers are stored encrypted and never shown again. ' +
    'Other kinds (`push`, `sms`, `voice`, `slack`, `matrix`, as this server offers them) get a 6-digit code through the channel itself, confirmed with POST .../verify; a method the code cannot reach is not kept (422). ' +
    `At most 20 per member (409). ${OWN}`,
  updateMyContactMethod: `A webhook's \`url\` and \`headers\` are replaced together. An email address cannot change: add another. ${OWN}`,
  resendMyContactMethodVerification:
    'Email: a new link is mailed. Other kinds (push, SMS, voice, chat): a new 6-digit code is sent through the channel itself (422 when it cannot be delivered). ' +
    'The previous link or code stops working. 409 when the method needs no verification; 429 within a minute of the last one.',
  verifyMyContactMethodCode:
    'For methods verified by `code`: the 6-digit code sent through the channel when the method was added (or resent). ' +
    'A wrong code is 422 and counts a try; after 5 wrong tries, or 15 minutes, the code is spent and a new one must be sent (409).',
  testMyContactMethod:
    'Sends a page marked as a test through the method now, the way a real page goes, and answers whether it went (`failed` with the error: an HTTP status, a refused address...). ' +
    '409 for an unverified address.',
  listMyNotificationRules:
    "When a level of an escalation pages you, each rule for the page's urgency (or `any`) notifies its contact method `delay_minutes` after the page, until someone acknowledges. " +
    'Low-urgency pages use email rules only. Rules of unverified methods are skipped. Without any rule that applies, you get an email at once on your account address. ' +
    OWN,
  createMyNotificationRule: `\`contact_method_id\` must be one of your contact methods (422 otherwise). At most 20 per member (409). ${OWN}`,
  updateMyNotificationRule: 'Escalations under way keep the rules they planned each level with.',
} as const;
