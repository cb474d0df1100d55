// What the OpenAPI document says of each calendar-feed operation, by operationId (api/routes/calendar-feed.routes.ts).

export const calendarFeedDocs = {
  getMyCalendarFeed: 'The URL itself is shown only when created.',
  createMyCalendarFeed:
    'A secret URL listing your shifts across every schedule (a week back, 90 days ahead) for calendar apps. Shown once; only its hash is stored. Creating a new one revokes the previous URL. Only a signed-in member creates one: with an API key the answer is 403 (the URL is a credential of its own, and would outlive the key).',
  getCalendarFeed:
    'No credential: the secret `token` of the URL is the credential. An unknown or revoked one is 404. Schedules are rendered under one compute budget; a feed past it is 422.',
} as const;
