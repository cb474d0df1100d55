import type { EntityManager } from '@mikro-orm/postgresql';

/** A notification not mailed yet, with its user's current address. */
export interface UnmailedNotification {
  id: string;
  type: string;
  data: Record<string, unknown>;
  incident_id: string | null;
  email: string;
}

/**
 * Waits until the transaction that wrote these domain events has ended (a key-share lock on them,
 * which the outbox relay holds `for update` until it commits or rolls back).
 */
export async function awaitEventsSettled(em: EntityManager, eventIds: readonly string[]): Promise<void> {
  await em.execute(
    'select count(*) from (select 1 from domain_events where id in (select value::uuid from json_array_elements_text(?::json)) for key share) as claimed',
    [JSON.stringify(eventIds)],
  );
}

/** The organization's notifications among `ids` not mailed yet whose user is still its member, in id order. */
export function unmailedNotifications(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<UnmailedNotification[]> {
  return em.execute<UnmailedNotification[]>(
    `select n.id, n.type, n.data, n.incident_id, u.email from notifications n
     join users u on u.id = n.user_id and u.organization_id = n.organization_id
     where n.id in (select value::uuid from json_array_elements_text(?::json)) and n.organization_id = ? and n.mailed_at is null
     order by n.id`,
    [JSON.stringify(ids), organizationId],
  );
}

/** Marks the notifications mailed (those not marked yet). */
export async function markNotificationsMailed(em: EntityManager, ids: readonly string[]): Promise<void> {
  await em.execute(
    'update notifications set mailed_at = now() where id in (select value::uuid from json_array_elements_text(?::json)) and mailed_at is null',
    [JSON.stringify(ids)],
  );
}
