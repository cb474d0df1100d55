// What the OpenAPI document says of each notification operation, by operationId (api/routes/notification.routes.ts).

export const notificationDocs = {
  listIntegrationDeliveries:
    'One row per attempt (up to 3 per event, 1 s then 2 s apart); `final` marks the attempt that decided the delivery. Ten failed deliveries in a row disable the integration.',
  listNotifications: 'Also pushed live on the WebSocket as `notification.created` to the user. `unread=true` lists only unread ones.',
  updateNotification: "Only the recipient's own notifications; any other id answers 404.",
} as const;
