import { rm } from 'node:fs/promises';
import { startStack, temporaryRoot } from '../../dev/stack/services.ts';

export interface PrivatePostgres {
  /** URL of a database of its own on this server. */
  url: string;
  /** Fast shutdown (SIGINT): the server terminates every session, as in a failover or restart. */
  stop(): Promise<void>;
  /** Starts the same data directory again on the same port, so `url` stays valid. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A PostgreSQL of the test's own (dev/stack), for tests that stop and restart the database: the
 * shared test server must never go down under the other test files.
 */
export async function startPrivatePostgres(database = 'private_test'): Promise<PrivatePostgres> {
  const root = await temporaryRoot('tocsin-private-pg-');
  const stack = await startStack({ root, postgres: { kind: 'embedded' }, temporal: { kind: 'off' }, elasticsearch: { kind: 'off' } }).catch(
    async (error: unknown) => {
      await rm(root, { recursive: true, force: true });
      throw error;
    },
  );
  const postgres = stack.postgres;
  const url = await postgres.createDatabase(database);
  return {
    url,
    stop: () => postgres.stop(),
    async start() {
      if (!postgres.isUp()) await postgres.start();
    },
    async close() {
      await stack.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}
