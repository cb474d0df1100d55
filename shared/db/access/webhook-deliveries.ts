import type { EntityManager } from '@mikro-orm/postgresql';
import type { DeliveryInput } from '../../domain/delivery.ts';
import { uuidv7 } from '../../uuidv7.ts';
import { IntegrationEntity, WebhookDeliveryEntity, type WebhookDelivery } from '../entities/index.ts';
import { TENANT_FILTER } from '../tenant-filter.ts';

/** One HTTP attempt of an outbound webhook delivery. */
export interface DeliveryAttempt {
  attempt: number;
  success: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** Records an attempt, keyed by event, integration and attempt: a re-run of the same attempt overwrites its row. */
export async function recordDeliveryAttempt(em: EntityManager, input: DeliveryInput, row: DeliveryAttempt): Promise<void> {
  await em.execute(
    `insert into webhook_deliveries (id, organization_id, integration_id, event_id, event_type, attempt, success, status_code, error, duration_ms, final, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, false, now())
     on conflict (event_id, integration_id, attempt) do update
     set success = excluded.success, status_code = excluded.status_code, error = excluded.error, duration_ms = excluded.duration_ms, created_at = excluded.created_at`,
    [
      uuidv7(),
      input.organizationId,
      input.integrationId,
      input.eventId,
      input.eventType,
      row.attempt,
      row.success,
      row.statusCode,
      row.error?.slice(0, 2000) ?? null,
      row.durationMs,
    ],
  );
}

/**
 * Marks the delivery's last attempt as the deciding one (`final`), recording an outcome row when no
 * attempt was written; false when the delivery was already decided (a re-run).
 */
export async function markDeliveryFinal(em: EntityManager, input: DeliveryInput & { succeeded: boolean }): Promise<boolean> {
  const marked = await em.execute<Array<{ id: string }>>(
    `update webhook_deliveries set final = true
     where id = (select id from webhook_deliveries where event_id = ? and integration_id = ? order by attempt desc limit 1) and final = false
     returning id`,
    [input.eventId, input.integrationId],
  );
  if (marked.length > 0) return true;
  const existing = await em.execute<Array<{ id: string }>>(
    'select id from webhook_deliveries where event_id = ? and integration_id = ? and final',
    [input.eventId, input.integrationId],
  );
  if (existing.length > 0) return false;
  // No attempt row (e.g. the activity timed out before writing): record the outcome anyway.
  await em.execute(
    `insert into webhook_deliveries (id, organization_id, integration_id, event_id, event_type, attempt, success, status_code, error, duration_ms, final, created_at)
     values (?, ?, ?, ?, ?, 0, ?, null, ?, 0, true, now()) on conflict do nothing`,
    [
      uuidv7(),
      input.organizationId,
      input.integrationId,
      input.eventId,
      input.eventType,
      input.succeeded,
      input.succeeded ? null : 'no attempt completed',
    ],
  );
  return true;
}

/**
 * Counts a finished delivery on its integration: success resets the consecutive failures, a
 * failure adds one and the `pauseAfter`th in a row pauses its deliveries (`status: 'error'`).
 * `enabled` (inbound webhooks) is never touched: a failing receiver must not stop alerting.
 */
export async function countDeliveryOutcome(
  em: EntityManager,
  integrationId: string,
  succeeded: boolean,
  pauseAfter: number,
): Promise<{ consecutive_failures: number; paused: boolean } | undefined> {
  const rows = await em.execute<Array<{ consecutive_failures: number; paused: boolean }>>(
    succeeded
      ? `update integrations set consecutive_failures = 0 where id = ?
         returning consecutive_failures, deliveries_paused_at is not null as paused`
      : `update integrations set consecutive_failures = consecutive_failures + 1,
           deliveries_paused_at = case when consecutive_failures + 1 >= ? then coalesce(deliveries_paused_at, now()) else deliveries_paused_at end,
           status = case when consecutive_failures + 1 >= ? then 'error' else status end,
           updated_at = now()
         where id = ? returning consecutive_failures, deliveries_paused_at is not null as paused`,
    succeeded ? [integrationId] : [pauseAfter, pauseAfter, integrationId],
  );
  return rows[0];
}

/** An attempt as the integration's delivery log shows it. */
export interface WebhookDeliveryRecord {
  id: string;
  integrationId: string;
  eventId: string;
  eventType: string;
  attempt: number;
  success: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  final: boolean;
  createdAt: Date;
}

/** Outbound deliveries of the organization's integrations; every read and write is confined to the organization given. */
export interface WebhookDeliveryStore {
  /** Whether the integration is the organization's. */
  hasIntegration(organizationId: string, integrationId: string): Promise<boolean>;
  /** The integration's attempts, newest first, of one event or outcome when given. */
  listAttempts(
    organizationId: string,
    integrationId: string,
    page: { limit: number; offset: number; eventId?: string; success?: boolean },
  ): Promise<{ items: WebhookDeliveryRecord[]; total: number }>;
}

// Scoping is explicit in every query; the ORM's tenant filter would be a second mechanism.
const unscoped = { filters: { [TENANT_FILTER]: false } } as const;

const deliveryRecord = (row: WebhookDelivery): WebhookDeliveryRecord => ({
  id: row.id,
  integrationId: row.integrationId,
  eventId: row.eventId,
  eventType: row.eventType,
  attempt: row.attempt,
  success: row.success,
  statusCode: row.statusCode ?? null,
  error: row.error ?? null,
  durationMs: row.durationMs,
  final: row.final,
  createdAt: row.createdAt,
});

export function createWebhookDeliveryStore(em: EntityManager): WebhookDeliveryStore {
  return {
    async hasIntegration(organizationId, integrationId) {
      return (await em.count(IntegrationEntity, { id: integrationId, organization: organizationId }, unscoped)) > 0;
    },

    async listAttempts(organizationId, integrationId, page) {
      const where = {
        organization: organizationId,
        integrationId,
        ...(page.eventId ? { eventId: page.eventId } : {}),
        ...(page.success !== undefined ? { success: page.success } : {}),
      };
      const [rows, total] = await em.findAndCount(WebhookDeliveryEntity, where, {
        ...unscoped,
        orderBy: { createdAt: 'desc', id: 'desc' },
        limit: page.limit,
        offset: page.offset,
      });
      return { items: rows.map(deliveryRecord), total };
    },
  };
}
