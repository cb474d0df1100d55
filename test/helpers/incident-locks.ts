import type { EntityManager } from '@mikro-orm/postgresql';
import { waitFor } from '../../dev/wait-for.ts';
import { gate } from './gate.ts';
import type { StoreDatabase } from './store-database.ts';

/**
 * A transaction that takes incident `id` for update and holds it: resolves once it holds the row.
 * `release()` lets it go on, runs `beforeCommit` in it (more writes or locks), and resolves when it
 * has committed.
 */
export async function holdIncident(
  db: StoreDatabase,
  id: string,
  beforeCommit: (tx: EntityManager) => Promise<unknown> = async () => undefined,
): Promise<{ release(): Promise<void> }> {
  const [locked, released] = [gate(), gate()];
  const holder = db.em().transactional(async (tx) => {
    await tx.execute('select id from incidents where id = ? for update', [id]);
    locked.open();
    await released.opened;
    await beforeCommit(tx);
  });
  await locked.opened;
  return {
    release: async () => {
      released.open();
      await holder;
    },
  };
}

/** Resolves once some transaction in the database waits on a lock (`what` names it in a timeout). */
export const waitingOnLock = (db: Pick<StoreDatabase, 'sql'>, what: string): Promise<true> =>
  waitFor(
    what,
    async () => {
      const [row] = await db.sql<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return (row?.n ?? 0) > 0 ? true : undefined;
    },
    { timeoutMs: 10_000, intervalMs: 20 },
  );

/**
 * Runs `other` against an alert bucket's locks, which take incidents one after another in
 * fingerprint order: a transaction locks `first`, `other` starts and is seen waiting on a lock, then
 * the transaction locks `second`. If `other` took `second` before waiting, PostgreSQL finds a
 * deadlock and one of the two fails; taking them in the bucket's order, both complete.
 */
export async function againstBucketLocks<T>(db: StoreDatabase, [first, second]: [string, string], other: () => Promise<T>): Promise<T> {
  const bucket = await holdIncident(db, first, (tx) => tx.execute('select id from incidents where id = ? for update', [second]));
  const running = other();
  // Awaited below; a failure before then must not count as unhandled.
  running.catch(() => undefined);
  await waitingOnLock(db, 'the other transaction to wait on a lock');
  const [, result] = await Promise.all([bucket.release(), running]);
  return result;
}
