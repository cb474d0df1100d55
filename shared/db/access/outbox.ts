import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlArray } from '../sql-array.ts';

/** A domain event as the outbox relay reads it: one row of `domain_events`. */
export interface OutboxEvent {
  id: string;
  organization_id: string;
  type: string;
  incident_id: string | null;
  data: Record<string, unknown>;
  created_at: Date | string;
}

/** How many domain events wait for the outbox relay, and the age in seconds of the oldest (0 when none waits). */
export async function outboxBacklog(em: EntityManager): Promise<{ pending: number; lagSeconds: number }> {
  const [row] = await em.execute<Array<{ pending: number; lag: number | null }>>(
    `select count(*)::int as pending, extract(epoch from now() - min(created_at))::float8 as lag from domain_events where dispatched_at is null`,
  );
  return { pending: row?.pending ?? 0, lagSeconds: row?.lag ?? 0 };
}

/**
 * Claims up to `limit` undispatched events, oldest first, until the caller's transaction ends
 * (`for update skip locked`: several relays share the outbox without waiting on each other).
 */
export function claimUndispatchedEvents(em: EntityManager, limit: number): Promise<OutboxEvent[]> {
  return em.execute<OutboxEvent[]>(
    `select id, organization_id, type, incident_id, data, created_at from domain_events
     where dispatched_at is null order by created_at, id limit ? for update skip locked`,
    [limit],
  );
}

/** Marks the events dispatched. */
export async function markEventsDispatched(em: EntityManager, eventIds: readonly string[]): Promise<void> {
  await em.execute('update domain_events set dispatched_at = now() where id = any(?::uuid[])', [sqlArray(eventIds)]);
}
