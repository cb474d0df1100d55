import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { installPgvector } from '../pgvector.ts';
import { startEmbeddedPostgres, type LocalPostgres } from '../postgres.ts';
import {
  notStartedHandle,
  onServer,
  restartable,
  startedHandle,
  waitUntilGone,
  type ServiceHandle,
  type ServiceOptions,
} from './handle.ts';
import { adminUrlOf, type StackSpec } from './plan.ts';

export interface PostgresHandle extends ServiceHandle {
  /** The `tocsin` database's URL (embedded) or the configured one; empty when off. */
  readonly url: string;
  /** The maintenance database's URL: where databases are created and dropped. */
  readonly adminUrl: string;
  /**
   * A fresh, empty database and its URL. In an embedded server it stays (its data dies with the
   * root); in a configured one it is dropped when the stack stops, leaving no trace there.
   */
  createDatabase(name: string): Promise<string>;
}

/** PostgreSQL embedded in `dataDir` (killed by SIGQUIT to its postmaster), a configured one, or none. */
export function postgresHandle(spec: StackSpec, dataDir: string | undefined, options: ServiceOptions): PostgresHandle {
  const log = (line: string) => options.log(line, 'postgres');
  const created: string[] = [];
  if (spec.postgres.kind !== 'embedded') {
    const url = spec.postgres.kind === 'url' ? spec.postgres.url : '';
    return notStartedHandle('postgres', spec.postgres.kind === 'url' ? 'use' : 'off', {
      url,
      adminUrl: url ? adminUrlOf(url) : '',
      async stop() {
        for (const name of created.splice(0)) await onServer(adminUrlOf(url), `drop database if exists "${name}" with (force)`);
      },
      async createDatabase(name: string) {
        if (!url) throw new Error('postgres is not part of this stack');
        if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`invalid database name ${name}`);
        await onServer(adminUrlOf(url), `create database "${name}"`);
        created.push(name);
        const database = new URL(url);
        database.pathname = `/${name}`;
        return database.toString();
      },
    });
  }
  const embedded = spec.postgres;
  const directory = dataDir as string;
  let pgvectorDir: string | null | undefined;
  let postmasterPid: number | undefined;
  // Kept while it is down: a restart is on the same port, so the URL stays valid.
  let url = '';
  const postmaster = async () => Number((await readFile(join(directory, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const server = restartable<LocalPostgres & { pid: number }>(
    'postgres',
    async (port) => {
      if (embedded.installPgvector && pgvectorDir === undefined) {
        // Semantic search uses an HNSW index with pgvector; without it, an exact scan.
        pgvectorDir = await installPgvector({ cacheDir: options.cacheDir, log: (line) => log(`postgres: ${line}`) }).catch(
          (error: unknown) => {
            log(
              `postgres: pgvector not installed, semantic search scans exactly (${error instanceof Error ? error.message : String(error)})`,
            );
            return null;
          },
        );
      }
      log('postgres: starting embedded PostgreSQL');
      const started = await startEmbeddedPostgres({ dataDir: directory, port: port ?? embedded.port, log, pgvectorDir });
      postmasterPid = await postmaster();
      url = started.url;
      return { ...started, pid: postmasterPid };
    },
    (running) => running.port,
    async () => {
      // The postmaster's immediate shutdown: no checkpoint, crash recovery at the next start.
      const pid = await postmaster();
      process.kill(pid, 'SIGQUIT');
      await waitUntilGone(pid, 'PostgreSQL');
    },
  );
  return startedHandle('postgres', server, {
    get url() {
      return url;
    },
    get adminUrl() {
      return url ? adminUrlOf(url) : '';
    },
    async createDatabase(name: string) {
      if (!server.current) throw new Error('postgres is not running');
      return server.current.createDatabase(name);
    },
  });
}
