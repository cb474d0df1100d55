import type { EntityManager } from '@mikro-orm/postgresql';

/** How many domain events wait for the outbox relay, and the age in seconds of the oldest (0 when none waits). */
export async function outboxBacklog(em: EntityManager): Promise<{ pending: number; lagSeconds: number }> {
  const [row] = await em.execute<Array<{ pending: number; lag: number | null }>>(
    `select count(*)::int as pending, extract(epoch from now() - min(created_at))::float8 as lag from domain_events where dispatched_at is null`,
  );
  return { pending: row?.pending ?? 0, lagSeconds: row?.lag ?? 0 };
}
