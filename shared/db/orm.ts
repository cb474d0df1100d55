import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, MikroORM, type Options } from '@mikro-orm/postgresql';
import pg from 'pg';
import { ALL_ENTITIES } from './entities/index.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { guardPool, type GuardablePool } from './pool-guard.ts';

export type Orm = MikroORM;

export interface OrmOptions {
  databaseUrl: string;
  poolMax?: number;
  /** How long a query waits for a pool connection before failing with PoolAcquireTimeoutError. */
  acquireTimeoutMs?: number;
  debug?: boolean;
}

export const DEFAULT_ACQUIRE_TIMEOUT_MS = 5000;

/** The MikroORM configuration shared by the API, the worker, migrations and tests. */
export function createOrmConfig(options: OrmOptions): Options {
  return defineConfig({
    clientUrl: options.databaseUrl,
    entities: ALL_ENTITIES,
    extensions: [Migrator],
    pool: { min: 0, max: options.poolMax ?? 10, idleTimeoutMillis: 30_000 },
    // Passed to the pg Pool MikroORM builds: a starved or unreachable pool fails a query instead of
    // queueing it forever, TCP keepalive notices a silently vanished server, and the guard gives
    // back the slot of every connection that dies while checked out (see pool-guard.ts).
    driverOptions: {
      connectionTimeoutMillis: options.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      onPoolCreated: (pool: GuardablePool) => guardPool(pool),
    },
    debug: options.debug ?? false,
    // The global EntityManager is never used: requests and activities fork their own.
    allowGlobalContext: false,
    forceUtcTimezone: true,
    migrations: {
      migrationsList: MIGRATIONS,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
  });
}

export async function openOrm(options: OrmOptions): Promise<Orm> {
  const orm = await MikroORM.init(createOrmConfig(options));
  // MikroORM 7 connects on first use, and until then orm.isConnected() (the readiness check)
  // answers false whatever the database does.
  await orm.connect();
  return orm;
}

// Any fixed 64-bit number works; it only has to be the same in every Tocsin process.
const MIGRATION_LOCK_ID = 7_202_611_220_001;

/**
 * Applies committed migrations (never schema-update). A session-level advisory lock on a
 * dedicated connection makes API and worker replicas starting together take turns.
 */
export async function runMigrations(orm: Orm, databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const applied = await orm.migrator.up();
    return applied.map((migration) => migration.name);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
