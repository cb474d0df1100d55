import type { WebhookDeliveryRecord, WebhookDeliveryStore } from '../../shared/db/access/webhook-deliveries.ts';
import { NotFoundError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { WebhookDeliveryView } from '../schemas/delivery.schemas.ts';

const deliveryView = (row: WebhookDeliveryRecord): WebhookDeliveryView => ({
  id: row.id,
  integration_id: row.integrationId,
  event_id: row.eventId,
  event_type: row.eventType,
  attempt: row.attempt,
  success: row.success,
  status_code: row.statusCode,
  error: row.error,
  duration_ms: row.durationMs,
  final: row.final,
  created_at: row.createdAt.toISOString(),
});

/** Outbound delivery attempts of an integration, newest first. */
export function createDeliveryService(deps: { deliveries: () => WebhookDeliveryStore }) {
  return {
    async list(auth: AuthContext, integrationId: string, query: { limit: number; offset: number; event_id?: string; success?: boolean }) {
      const deliveries = deps.deliveries();
      if (!(await deliveries.hasIntegration(auth.organizationId, integrationId))) throw new NotFoundError('Integration');
      const { items, total } = await deliveries.listAttempts(auth.organizationId, integrationId, {
        limit: query.limit,
        offset: query.offset,
        eventId: query.event_id,
        success: query.success,
      });
      return { items: items.map(deliveryView), total };
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
