import { waitFor } from '../../dev/wait-for.ts';
import { gate } from './gate.ts';
import type { StoreDatabase } from './store-database.ts';

/**
 * Runs `other` against an alert bucket's locks, which take incidents one after another in
 * fingerprint order: a transaction locks `first`, `other` starts and is seen waiting on a lock, then
 * the transaction locks `second`. If `other` took `second` before waiting, PostgreSQL finds a
 * deadlock and one of the two fails; taking them in the bucket's order, both complete.
 */
export async function againstBucketLocks<T>(db: StoreDatabase, [first, second]: [string, string], other: () => Promise<T>): Promise<T> {
  const [firstLocked, otherWaits] = [gate(), gate()];
  const bucket = db.em().transactional(async (tx) => {
    await tx.execute('select id from incidents where id = ? for update', [first]);
    firstLocked.open();
    await otherWaits.opened;
    await tx.execute('select id from incidents where id = ? for update', [second]);
  });
  await firstLocked.opened;
  const running = other();
  // Awaited below; a failure before then must not count as unhandled.
  running.catch(() => undefined);
  await waitFor(
    'the other transaction to wait on a lock',
    async () => {
      const [row] = await db.sql<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return (row?.n ?? 0) > 0 ? true : undefined;
    },
    { timeoutMs: 10_000, intervalMs: 20 },
  );
  otherWaits.open();
  const [, result] = await Promise.all([bucket, running]);
  return result;
}
