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
import { notificationDocs } from '../docs/notification.ts';

/** `GET /integrations/{id}/deliveries`: every outbound delivery attempt, newest first. */
export function deliveryRoutes(deliveries: DeliveryService) {
  return [
    defineRoute({
      method: 'get',
      path: '/integrations/{id}/deliveries',
      operationId: 'listIntegrationDeliveries',
      summary: 'Outbound webhook delivery attempts of an integration',
      description: notificationDocs.listIntegrationDeliveries,
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
      description: notificationDocs.listNotifications,
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
      description: notificationDocs.updateNotification,
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
