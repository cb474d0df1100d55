// What the OpenAPI document says of each status-page operation, by operationId (api/routes/status-page.routes.ts).

export const statusPageDocs = {
  putStatusPageSettings:
    'The page is served without login at `/status/{slug}` (HTML), `/status/{slug}/feed.atom` and `/status/{slug}/summary.json`, and at the root of `custom_domain` when its DNS points at Tocsin. It shows the components, their status, incidents with public updates only (90 days) and maintenance windows ahead. 409 CONFLICT when another organization uses the slug or domain.',
  showStatusSubscriptionConfirmation: 'No credential: the signed `token` is. 404 (HTML) for an invalid or expired link.',
  unsubscribeStatusUpdates: 'The link alone is the credential: no login. Removing a subscription twice answers the same.',
  subscribeToStatusPage:
    'Form or JSON `{email}`. A confirmation link is mailed (double opt-in); nothing else is sent until it is followed. The answer is the same whether or not the address was subscribed already. 404 when no enabled page has this slug.',
} as const;
