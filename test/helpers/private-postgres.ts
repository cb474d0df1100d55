import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres, type LocalPostgres } from '../../dev/postgres.ts';

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
 * A PostgreSQL of the test's own, for tests that stop and restart the database: the shared test
 * server must never go down under the other test files.
 */
export async function startPrivatePostgres(database = 'private_test'): Promise<PrivatePostgres> {
  const root = await mkdtemp(join(tmpdir(), 'tocsin-private-pg-'));
  // PostgreSQL runs as its own system user when we are root.
  await chmod(root, 0o755);
  const dataDir = join(root, 'postgres');
  let server: LocalPostgres | undefined = await startEmbeddedPostgres({ dataDir });
  const port = server.port;
  const url = await server.createDatabase(database);
  return {
    url,
    async stop() {
      await server?.stop();
      server = undefined;
    },
    async start() {
      if (server) return;
      server = await startEmbeddedPostgres({ dataDir, port });
      if (server.port !== port) throw new Error(`port ${port} was taken while PostgreSQL was down`);
    },
    async close() {
      await server?.stop();
      server = undefined;
      await rm(root, { recursive: true, force: true });
    },
  };
}
