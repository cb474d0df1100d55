import type { EntityManager } from '@mikro-orm/postgresql';
import { REALTIME_CHANNEL } from '../../domain/realtime.ts';

/** Sends a serialized realtime notice to every API process listening on the realtime channel (at most 8000 bytes). */
export async function publishRealtimeNotice(em: EntityManager, payload: string): Promise<void> {
  await em.execute('select pg_notify(?, ?)', [REALTIME_CHANNEL, payload]);
}

/** Sends serialized realtime notices in one statement, delivered when the caller's transaction commits. */
export async function publishRealtimeNotices(em: EntityManager, payloads: readonly string[]): Promise<void> {
  if (payloads.length === 0) return;
  await em.execute('select pg_notify(?, value) from json_array_elements_text(?::json)', [REALTIME_CHANNEL, JSON.stringify(payloads)]);
}

/** Whether the incident or execution is the organization's (what a socket may subscribe to). */
export async function belongsToOrganization(
  em: EntityManager,
  table: 'incidents' | 'executions',
  id: string,
  organizationId: string,
): Promise<boolean> {
  const rows = await em.execute<unknown[]>(`select 1 from ${table} where id = ? and organization_id = ?`, [id, organizationId]);
  return rows.length > 0;
}

/** An outbox event's data, read when it was too large to travel in its NOTIFY; undefined when it is not the organization's. */
export async function domainEventData(em: EntityManager, id: string, organizationId: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await em.execute<Array<{ data: Record<string, unknown> }>>(
    'select data from domain_events where id = ? and organization_id = ?',
    [id, organizationId],
  );
  return row?.data;
}
