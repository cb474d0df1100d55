import type { EntityManager } from '@mikro-orm/postgresql';
import type { DeliveryInput } from '../../domain/delivery.ts';
import { uuidv7 } from '../../uuidv7.ts';
import { DomainEventEntity, IntegrationEntity, WebhookDeliveryEntity, type WebhookDelivery } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';

/** One HTTP attempt of an outbound webhook delivery. */
export interface DeliveryAttempt {
  attempt: number;
  success: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** Records an attempt, keyed by event, integration and attempt: a re-run of the same attempt overwrites its row. */
async function recordDeliveryAttempt(em: EntityManager, input: DeliveryInput, row: DeliveryAttempt): Promise<void> {
  await em.execute(
    `insert into webhook_deliveries (id, organization_id, integration_id, event_id, event_type, attempt, success, status_code, error, duration_ms, final, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, false, now())
     on conflict (event_id, integration_id, attempt) do update
     set success = excluded.success, status_code = excluded.status_code, error = excluded.error, duration_ms = excluded.duration_ms, created_at = excluded.created_at
     where webhook_deliveries.organization_id = excluded.organization_id`,
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
async function markDeliveryFinal(em: EntityManager, input: DeliveryInput & { succeeded: boolean }): Promise<boolean> {
  const marked = await em.execute<Array<{ id: string }>>(
    `update webhook_deliveries set final = true
     where id = (select id from webhook_deliveries where organization_id = ? and event_id = ? and integration_id = ? order by attempt desc limit 1)
       and organization_id = ? and final = false
     returning id`,
    [input.organizationId, input.eventId, input.integrationId, input.organizationId],
  );
  if (marked.length > 0) return true;
  const existing = await em.execute<Array<{ id: string }>>(
    'select id from webhook_deliveries where organization_id = ? and event_id = ? and integration_id = ? and final',
    [input.organizationId, input.eventId, input.integrationId],
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
async function countDeliveryOutcome(
  em: EntityManager,
  organizationId: string,
  integrationId: string,
  succeeded: boolean,
  pauseAfter: number,
): Promise<{ consecutive_failures: number; paused: boolean } | undefined> {
  const rows = await em.execute<Array<{ consecutive_failures: number; paused: boolean }>>(
    succeeded
      ? `update integrations set consecutive_failures = 0 where id = ? and organization_id = ?
         returning consecutive_failures, deliveries_paused_at is not null as paused`
      : `update integrations set consecutive_failures = consecutive_failures + 1,
           deliveries_paused_at = case when consecutive_failures + 1 >= ? then coalesce(deliveries_paused_at, now()) else deliveries_paused_at end,
           status = case when consecutive_failures + 1 >= ? then 'error' else status end,
           updated_at = now()
         where id = ? and organization_id = ? returning consecutive_failures, deliveries_paused_at is not null as paused`,
    succeeded ? [integrationId, organizationId] : [pauseAfter, pauseAfter, integrationId, organizationId],
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
  /** The integration as a delivery to it reads it; its secret stays sealed. */
  deliveryTarget(organizationId: string, integrationId: string): Promise<DeliveryTarget | undefined>;
  /** The domain event a delivery carries. */
  deliveredEvent(organizationId: string, eventId: string): Promise<DeliveredEvent | undefined>;
  /** Records an attempt of the delivery (`input.organizationId`'s); a re-run of the same attempt overwrites its row. */
  recordAttempt(input: DeliveryInput, attempt: DeliveryAttempt): Promise<void>;
  /**
   * In one transaction, marks the delivery's deciding attempt `final` and counts the outcome on its
   * integration (`pauseAfter` failures in a row pause its deliveries); not counted when the delivery
   * was decided before (a re-run). `integration` is undefined when the integration is gone.
   */
  recordOutcome(
    input: DeliveryInput & { succeeded: boolean },
    pauseAfter: number,
  ): Promise<{ counted: false } | { counted: true; integration: { consecutiveFailures: number; paused: boolean } | undefined }>;
}

/** An integration as an outbound delivery reads it. */
export interface DeliveryTarget {
  id: string;
  enabled: boolean;
  deliveriesPaused: boolean;
  webhookConfig: Record<string, unknown> | null;
  secretCiphertext: string;
}

export interface DeliveredEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
  createdAt: Date;
}

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

    async deliveryTarget(organizationId, integrationId) {
      const integration = await em.findOne(IntegrationEntity, { id: integrationId, organization: organizationId }, unscoped);
      if (!integration) return undefined;
      return {
        id: integration.id,
        enabled: integration.enabled,
        deliveriesPaused: Boolean(integration.deliveriesPausedAt),
        webhookConfig: integration.webhookConfig ?? null,
        secretCiphertext: integration.secretCiphertext,
      };
    },

    async deliveredEvent(organizationId, eventId) {
      const event = await em.findOne(DomainEventEntity, { id: eventId, organization: organizationId }, unscoped);
      return event ? { id: event.id, type: event.type, data: event.data, createdAt: event.createdAt } : undefined;
    },

    recordAttempt: (input, attempt) => recordDeliveryAttempt(em, input, attempt),

    recordOutcome: (input, pauseAfter) =>
      em.transactional(async (tx) => {
        if (!(await markDeliveryFinal(tx, input))) return { counted: false as const };
        const row = await countDeliveryOutcome(tx, input.organizationId, input.integrationId, input.succeeded, pauseAfter);
        return { counted: true as const, integration: row && { consecutiveFailures: row.consecutive_failures, paused: row.paused } };
      }),
  };
}
