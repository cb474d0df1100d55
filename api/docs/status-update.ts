// What the OpenAPI document says of each status-update operation, by operationId (api/routes/status-update.routes.ts).

export const statusUpdateDocs = {
  postStatusUpdate:
    "The update goes on the timeline (`status_update`), to the incident thread of every chat feed of the organization that carries the incident, and by mail to the incident's confirmed subscribers (members only for an `internal` update). A `public` update also appears on the status page and its Atom feed (with the `title` given, never the incident's own title or description) and is mailed to the page's confirmed subscribers; each address gets one mail per update. Posting a `resolved` update does not resolve the incident.",
  subscribeToIncident:
    "Without `email`: yourself, at your account's address, confirmed at once; you get internal updates too. With `email`: an outside address gets a confirmation link first (double opt-in) and then public updates only. Every mail has a one-click unsubscribe link (RFC 8058). An address subscribed already is answered as it stands.",
} as const;
