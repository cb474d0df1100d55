import pg from 'pg';
import { openOrm, type Orm } from '../../../shared/db/orm.ts';
import { waitFor } from '../../../dev/wait-for.ts';
import { gate } from '../../helpers/gate.ts';
import { startPrivatePostgres, type PrivatePostgres } from '../../helpers/private-postgres.ts';
import { createTestDatabase } from '../../helpers/test-database.ts';

const POOL_MAX = 2;

/**
 * Starts POOL_MAX transactions that each take a pool connection, report their backend pid and
 * wait; `whileWaiting` is what the connection is doing when it dies.
 */
async function transactionsInFlight(orm: Orm, whileWaiting: 'idle in transaction' | 'running a query') {
  const pids: number[] = [];
  const release = gate();
  const settled = Array.from({ length: POOL_MAX }, () =>
    orm.em
      .fork()
      .transactional(async (em) => {
        const [row] = await em.execute<{ pid: number }[]>('select pg_backend_pid() as pid');
        pids.push(Number(row?.pid));
        if (whileWaiting === 'running a query') await em.execute('select pg_sleep(60)');
        await release.opened;
        await em.execute('select 1');
      })
      .then(
        () => 'committed',
        (error: unknown) => `failed: ${(error as Error).message}`,
      ),
  );
  await waitFor('every transaction holds a connection', async () => (pids.length === POOL_MAX ? true : undefined), {
    timeoutMs: 10_000,
    intervalMs: 20,
  });
  return { pids, release: release.open, settled: Promise.all(settled) };
}

/** Both pool slots work again: two transactions open at the same time and meet. */
async function expectBothSlotsServe(orm: Orm) {
  const rows = await waitFor('the ORM answers a query again', async () => orm.em.fork().execute<{ ok: number }[]>('select 1 as ok'), {
    timeoutMs: 20_000,
  });
  expect(rows).toEqual([{ ok: 1 }]);
  const together = gate();
  let started = 0;
  const both = Array.from({ length: POOL_MAX }, (_, index) =>
    orm.em.fork().transactional(async (em) => {
      await em.execute('select 1');
      started += 1;
      if (started === POOL_MAX) together.open();
      // With a slot still leaked the second transaction could not start: this one would wait here
      // and the other would fail on the acquire timeout.
      await together.opened;
      const [row] = await em.execute<{ n: number }[]>('select ?::int as n', [index]);
      return row?.n;
    }),
  );
  expect((await Promise.all(both)).sort()).toEqual([0, 1]);
}

describe('pool guard (integration: real PostgreSQL, backends terminated mid-transaction)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let orm: Orm;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    // The acquire timeout only turns a hang into an error; the guard is what brings the slots back.
    orm = await openOrm({ databaseUrl: database.url, poolMax: POOL_MAX, acquireTimeoutMs: 2000 });
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await orm?.close();
    await database?.drop();
  });

  // Without the guard (kysely 0.29.6, kysely-org/kysely#1990) each failed ROLLBACK keeps its
  // connection checked out: after this both slots are gone, every later query waits for a
  // connection (forever with no acquire timeout, a PoolAcquireTimeoutError with one), and the
  // polls below never succeed.
  it.each(['idle in transaction', 'running a query'] as const)(
    'gives the slots of connections killed while %s back to the pool',
    async (whileWaiting) => {
      const inFlight = await transactionsInFlight(orm, whileWaiting);
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [inFlight.pids]);
      inFlight.release();
      const outcomes = await inFlight.settled;
      expect(outcomes.every((outcome) => outcome.startsWith('failed'))).toBe(true);
      await expectBothSlotsServe(orm);
    },
  );

  it('leaves healthy transactions alone: commits release their connection exactly once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const inFlight = await transactionsInFlight(orm, 'idle in transaction');
      inFlight.release();
      expect(await inFlight.settled).toEqual(['committed', 'committed']);
    }
    await expectBothSlotsServe(orm);
  });

  it('fails a query that finds no free connection with a clear error instead of waiting forever', async () => {
    const inFlight = await transactionsInFlight(orm, 'idle in transaction');
    await expect(orm.em.fork().execute('select 1')).rejects.toThrow(/No database connection within 2000 ms \(pool of 2\)/);
    inFlight.release();
    expect(await inFlight.settled).toEqual(['committed', 'committed']);
  });
});

describe('pool guard (integration: a private PostgreSQL restarted with transactions in flight)', () => {
  let postgres: PrivatePostgres;
  let orm: Orm;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    orm = await openOrm({ databaseUrl: postgres.url, poolMax: POOL_MAX, acquireTimeoutMs: 2000 });
  });
  afterAll(async () => {
    await orm?.close();
    await postgres?.close();
  });

  it('serves queries and transactions again once PostgreSQL is back, without reopening the ORM', async () => {
    const inFlight = await transactionsInFlight(orm, 'idle in transaction');
    await postgres.stop();
    inFlight.release();
    const outcomes = await inFlight.settled;
    expect(outcomes.every((outcome) => outcome.startsWith('failed'))).toBe(true);
    // While it is down, queries fail at once rather than queueing.
    await expect(orm.em.fork().execute('select 1')).rejects.toThrow();

    await postgres.start();
    await expectBothSlotsServe(orm);
  });
});
