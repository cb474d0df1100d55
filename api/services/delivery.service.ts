import type { EntityManager } from '@mikro-orm/core';
import { IntegrationEntity, WebhookDeliveryEntity, type WebhookDelivery } from '../../shared/db/entities/index.ts';
import { NotFoundError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { WebhookDeliveryView } from '../schemas/delivery.schemas.ts';

const deliveryView = (row: WebhookDelivery): WebhookDeliveryView => ({
  id: row.id,
  integration_id: row.integrationId,
  event_id: row.eventId,
  event_type: row.eventType,
  attempt: row.attempt,
  success: row.success,
  status_code: row.statusCode ?? null,
  error: row.error ?? null,
  duration_ms: row.durationMs,
  final: row.final,
  created_at: row.createdAt.toISOString(),
});

/** Outbound delivery attempts of an integration, newest first (the tenant filter scopes both reads). */
export function createDeliveryService(deps: { em: () => EntityManager }) {
  return {
    async list(_auth: AuthContext, integrationId: string, query: { limit: number; offset: number; event_id?: string; success?: boolean }) {
      const em = deps.em();
      const integration = await em.findOne(IntegrationEntity, { id: integrationId });
      if (!integration) throw new NotFoundError('Integration');
      const where = {
        integrationId,
        ...(query.event_id ? { eventId: query.event_id } : {}),
        ...(query.success !== undefined ? { success: query.success } : {}),
      };
      const [rows, total] = await em.findAndCount(WebhookDeliveryEntity, where, {
        orderBy: { createdAt: 'desc', id: 'desc' },
        limit: query.limit,
        offset: query.offset,
      });
      return { items: rows.map(deliveryView), total };
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
