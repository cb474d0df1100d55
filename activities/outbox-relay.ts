import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy, type Client } from '@temporalio/client';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../shared/db/orm.ts';
import { uuidv7 } from '../shared/uuidv7.ts';
import type { DeliveryInput } from '../shared/domain/delivery.ts';
import type { EventType } from '../shared/domain/events.ts';
import { isRealtimeEventType, REALTIME_CHANNEL, type RealtimeNotice } from '../shared/domain/realtime.ts';
import { INCIDENT_ID, ORGANIZATION_ID } from '../shared/domain/search-attributes.ts';
import type { Logger } from '../shared/logger.ts';
import { scheduleSearchIndexing } from '../shared/search/schedule-indexing.ts';
import { workflowIds } from '../shared/temporal/ids.ts';
import type { outboundDeliveryWorkflow } from '../workflows/outbound-delivery.workflow.ts';
import { planNotifications, type OutboxEvent } from './notification-rules.ts';

export interface OutboxRelayDeps {
  orm: Orm;
  temporal: Client;
  taskQueue: string;
  logger: Logger;
  batchSize?: number;
  /** Pause between polls when the outbox was empty. */
  idleMs?: number;
  /** Whether a search index exists to keep incidents in; without one no indexing is scheduled. */
  indexIncidents?: boolean;
}

// NOTIFY payloads are limited to 8000 bytes; larger events travel as a reference to their row.
const MAX_NOTICE_BYTES = 7000;

function notice(event: OutboxEvent): RealtimeNotice {
  const execution = event.data.execution as { id?: string } | undefined;
  const base = {
    kind: 'event' as const,
    id: event.id,
    type: event.type as EventType,
    organization_id: event.organization_id,
    incident_id: event.incident_id,
    execution_id: typeof execution?.id === 'string' ? execution.id : null,
    timestamp: new Date(event.created_at).toISOString(),
  };
  const full = { ...base, data: event.data };
  return Buffer.byteLength(JSON.stringify(full)) <= MAX_NOTICE_BYTES ? full : base;
}

/**
 * Reads undispatched `domain_events` and fans each out, in one transaction per batch:
 * starts a `delivery:<event>:<integration>` workflow per enabled integration subscribed to the
 * event type, writes the notifications it causes, publishes it (and them) with NOTIFY, and sets
 * `dispatched_at`. Rows are claimed `for update skip locked`, so several workers share the work.
 * NOTIFY and the notifications only take effect at commit; a crash before commit re-runs the batch,
 * and the deliveries it started again are refused by Temporal as duplicates of the same id.
 */
export function createOutboxRelay(deps: OutboxRelayDeps) {
  const batchSize = deps.batchSize ?? 100;

  async function startDelivery(input: DeliveryInput): Promise<void> {
    try {
      await deps.temporal.workflow.start<typeof outboundDeliveryWorkflow>('outboundDeliveryWorkflow', {
        taskQueue: deps.taskQueue,
        workflowId: workflowIds.delivery(input.eventId, input.integrationId),
        args: [input],
        workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
        typedSearchAttributes: [
          { key: ORGANIZATION_ID, value: input.organizationId },
          ...(input.incidentId ? [{ key: INCIDENT_ID, value: input.incidentId }] : []),
        ],
      });
    } catch (error) {
      if (error instanceof WorkflowExecutionAlreadyStartedError) return;
      throw error;
    }
  }

  async function subscribers(em: SqlEntityManager, event: OutboxEvent): Promise<string[]> {
    const rows = await em.execute<Array<{ id: string }>>(
      `select id from integrations where organization_id = ? and enabled and webhook_config is not null
       and (webhook_config->'events') @> jsonb_build_array(?::text) order by created_at`,
      [event.organization_id, event.type],
    );
    return rows.map((row) => row.id);
  }

  async function publish(em: SqlEntityManager, message: RealtimeNotice): Promise<void> {
    await em.execute('select pg_notify(?, ?)', [REALTIME_CHANNEL, JSON.stringify(message)]);
  }

  async function relayEvent(em: SqlEntityManager, event: OutboxEvent): Promise<void> {
    // Incidents change in the API and in ingestion activities alike; every change passes here.
    if (deps.indexIncidents && event.incident_id && event.type.startsWith('incident.')) {
      await scheduleSearchIndexing({ client: deps.temporal, taskQueue: deps.taskQueue }, { organizationId: event.organization_id, type: 'incident', id: event.incident_id });
    }
    const integrations = await subscribers(em, event);
    await Promise.all(
      integrations.map((integrationId) =>
        startDelivery({ eventId: event.id, eventType: event.type, organizationId: event.organization_id, integrationId, incidentId: event.incident_id }),
      ),
    );
    for (const draft of await planNotifications(em, event)) {
      const [row] = await em.execute<Array<Record<string, unknown>>>(
        `insert into notifications (id, organization_id, user_id, type, title, body, data, incident_id, execution_id, event_id, read_at, created_at)
         select ?, ?, u.id, ?, ?, ?, ?::jsonb, ?, ?, ?, null, clock_timestamp() from users u where u.id = ? and u.organization_id = ?
         on conflict (event_id, user_id, type) do nothing
         returning id, type, title, body, data, incident_id, execution_id, read_at, created_at`,
        [uuidv7(), event.organization_id, draft.type, draft.title, draft.body, JSON.stringify(draft.data), draft.incidentId, draft.executionId, event.id, draft.userId, event.organization_id],
      );
      if (!row) continue;
      await publish(em, {
        kind: 'notification',
        organization_id: event.organization_id,
        user_id: draft.userId,
        timestamp: new Date(row.created_at as string).toISOString(),
        data: { ...row, read: false, created_at: new Date(row.created_at as string).toISOString() },
      });
    }
    if (isRealtimeEventType(event.type)) await publish(em, notice(event));
  }

  /** Relays one batch; returns how many events it dispatched. */
  async function relayBatch(): Promise<number> {
    return deps.orm.em.fork().transactional(async (em) => {
      const events = await em.execute<OutboxEvent[]>(
        `select id, organization_id, type, incident_id, data, created_at from domain_events
         where dispatched_at is null order by created_at, id limit ? for update skip locked`,
        [batchSize],
      );
      for (const event of events) await relayEvent(em, event);
      if (events.length > 0) {
        await em.execute(`update domain_events set dispatched_at = now() where id in (${events.map(() => '?').join(', ')})`, events.map((event) => event.id));
      }
      return events.length;
    });
  }

  /** Polls until stopped; a failing batch (database or Temporal away) is retried with backoff. */
  function start(): { stop(): Promise<void> } {
    let stopped = false;
    let wake: (() => void) | undefined;
    const idleMs = deps.idleMs ?? 250;
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    const loop = (async () => {
      let failures = 0;
      while (!stopped) {
        try {
          const relayed = await relayBatch();
          failures = 0;
          if (relayed < batchSize) await sleep(idleMs);
        } catch (error) {
          failures += 1;
          if (stopped) break;
          deps.logger.warn({ err: error, failures }, 'outbox relay batch failed; retrying');
          await sleep(Math.min(30_000, 500 * 2 ** Math.min(failures, 6)));
        }
      }
    })();
    return {
      async stop() {
        stopped = true;
        wake?.();
        await loop;
      },
    };
  }

  return { relayBatch, start };
}
