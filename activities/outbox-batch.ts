import type { EventType } from '../shared/domain/events.ts';
import { isRealtimeEventType, type RealtimeNotice } from '../shared/domain/realtime.ts';
import type { SearchIndexInput } from '../shared/domain/search.ts';
import type { OutboxEvent } from './notification-rules.ts';

// NOTIFY payloads are limited to 8000 bytes; larger events travel as a reference to their row.
export const MAX_NOTICE_BYTES = 7000;

/** The realtime notice of one event, without `data` when that would not fit in a NOTIFY. */
export function eventNotice(event: OutboxEvent): RealtimeNotice {
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

/** A notification row as inserted (`returning`), for its notice and the event it came from. */
export interface InsertedNotification {
  id: string;
  event_id: string;
  user_id: string;
  type: string;
  title: string;
  body: string | null;
  data: Record<string, unknown>;
  incident_id: string | null;
  execution_id: string | null;
  read_at: string | null;
  created_at: string | Date;
}

export function notificationNotice(organizationId: string, row: InsertedNotification): RealtimeNotice {
  const { event_id: _eventId, user_id: userId, ...columns } = row;
  const createdAt = new Date(row.created_at).toISOString();
  return {
    kind: 'notification',
    organization_id: organizationId,
    user_id: userId,
    timestamp: createdAt,
    data: { ...columns, read: false, created_at: createdAt },
  };
}

/**
 * Every NOTIFY of a batch, in the order they are published: per event (in outbox order), the
 * notifications it made, then the event itself when it is pushed in real time. One statement
 * publishes them in this order, so an incident's events reach clients as they were committed.
 */
export function batchNotices(events: OutboxEvent[], notifications: InsertedNotification[]): RealtimeNotice[] {
  const byEvent = Map.groupBy(notifications, (row) => row.event_id);
  return events.flatMap((event) => [
    ...(byEvent.get(event.id) ?? []).map((row) => notificationNotice(event.organization_id, row)),
    ...(isRealtimeEventType(event.type) ? [eventNotice(event)] : []),
  ]);
}

/** The incidents a batch changed, once each: one indexing pass covers all of an incident's events. */
export function incidentsToIndex(events: OutboxEvent[]): SearchIndexInput[] {
  const seen = new Map<string, SearchIndexInput>();
  for (const event of events) {
    if (!event.incident_id || !event.type.startsWith('incident.')) continue;
    const key = `${event.organization_id}:${event.incident_id}`;
    if (!seen.has(key)) seen.set(key, { organizationId: event.organization_id, type: 'incident', id: event.incident_id });
  }
  return [...seen.values()];
}

/** Runs `task` over `items` with at most `limit` at a time; rejects with the first failure, after the others settle. */
export async function forEachBounded<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await task(item);
    }
  });
  const results = await Promise.allSettled(lanes);
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
}
