// What the OpenAPI document says of each chat-feed operation, by operationId (api/routes/chat-feed.routes.ts).

export const chatFeedDocs = {
  createChatFeed:
    'Every incident routed by the rule (or opened by the integration) gets one thread in the channel or room: its root shows the incident and follows its status ' +
    '(on Slack with Acknowledge, Resolve and Escalate buttons; on Matrix a ✅ or `ack` in the thread acts); each status change, escalation level paged and chat message ' +
    'is a reply in the thread, in order, posted once. Needs the organization’s connection ' +
    'of that kind (409 otherwise); 404 when the rule or integration is not the organization’s.',
} as const;
