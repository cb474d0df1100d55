import { envelope, IdParams, pageEnvelope } from '../schemas/common.ts';
import { DeliveryListQuery, DeliveryListResponse } from '../schemas/delivery.schemas.ts';
import {
  NotificationListQuery,
  NotificationListResponse,
  NotificationResponse,
  UpdateNotificationBody,
} from '../schemas/notification.schemas.ts';
import type { DeliveryService } from '../services/delivery.service.ts';
import type { NotificationService } from '../services/notification.service.ts';
import { defineRoute } from './route.ts';

/** `GET /integrations/{id}/deliveries`: every outbound delivery attempt, newest first. */
export function deliveryRoutes(deliveries: DeliveryService) {
  return [
    defineRoute({
      method: 'get',
      path: '/integrations/{id}/deliveries',
      operationId: 'listIntegrationDeliveries',
      summary: 'Outbound webhook delivery attempts of an integration',
      description:
        'One row per attempt (up to 3 per event, 1 s then 2 s apart); `final` marks the attempt that decided the delivery. Ten failed deliveries in a row disable the integration.',
      tags: ['integrations'],
      access: 'integrations:read',
      request: { params: IdParams, query: DeliveryListQuery },
      responses: { 200: { description: 'A page of delivery attempts', schema: DeliveryListResponse } },
      errors: [404],
      handler: async ({ auth, params, query }) => ({ body: pageEnvelope(await deliveries.list(auth, params.id, query), query) }),
    }),
  ];
}

/** The current user's notifications (assignments, new incidents, runbook steps waiting for them). */
export function notificationRoutes(notifications: NotificationService) {
  return [
    defineRoute({
      method: 'get',
      path: '/notifications',
      operationId: 'listNotifications',
      summary: "The current user's notifications, newest first",
      description: 'Also pushed live on the WebSocket as `notification.created` to the user. `unread=true` lists only unread ones.',
      tags: ['notifications'],
      access: 'notifications:read',
      request: { query: NotificationListQuery },
      responses: { 200: { description: 'A page of notifications', schema: NotificationListResponse } },
      handler: async ({ auth, query }) => ({ body: pageEnvelope(await notifications.list(auth, query), query) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/notifications/{id}',
      operationId: 'updateNotification',
      summary: 'Mark a notification read (or unread)',
      description: "Only the recipient's own notifications; any other id answers 404.",
      tags: ['notifications'],
      // Marking one's own notifications is self-service: a read permission suffices (see permissions.ts).
      access: 'notifications:read',
      request: { params: IdParams, body: UpdateNotificationBody },
      responses: { 200: { description: 'The notification', schema: NotificationResponse } },
      errors: [404],
      handler: async ({ auth, params, body }) => ({ body: envelope(await notifications.update(auth, params.id, body)) }),
    }),
  ];
}
