import type { EventType } from '../../shared/domain/events.ts';
import { isRealtimeEventType, type RealtimeNotice } from '../../shared/domain/realtime.ts';
import type { InsertedNotification } from '../../shared/db/access/notifications.ts';
import type { OutboxEvent } from './outbox-event.ts';

export type { InsertedNotification };

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
