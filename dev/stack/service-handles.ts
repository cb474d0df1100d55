// The stack's three servers as handles (dev/stack/handle.ts): each embedded (started from the tool
// cache, restartable on its port), configured (a URL or address to use) or off.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort } from '../../shared/net/free-port.ts';
import { installPgvector } from '../pgvector.ts';
import { startEmbeddedPostgres, type LocalPostgres } from '../postgres.ts';
import { resolveTemporalCli, startTemporalDevServer, type LocalTemporal } from '../temporal.ts';
import { startTemporalServer } from '../temporal-server.ts';
import { installTemporalServer, type TemporalServerInstall } from '../temporal-server-install.ts';
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

export interface TemporalHandle extends ServiceHandle {
  readonly address: string;
  readonly uiUrl: string | null;
  /** The CLI the dev server runs from; undefined for other kinds. */
  readonly cliPath: string | undefined;
}

/** The Temporal dev server, the Temporal server on the stack's PostgreSQL (both killed by SIGKILL), a configured address, or none. */
export function temporalHandle(
  spec: StackSpec,
  dataDir: string | undefined,
  postgres: PostgresHandle,
  options: ServiceOptions,
): TemporalHandle {
  const log = (line: string) => options.log(line, 'temporal');
  const temporal = spec.temporal;
  if (temporal.kind === 'off' || temporal.kind === 'address') {
    return notStartedHandle('temporal', temporal.kind === 'address' ? 'use' : 'off', {
      address: temporal.kind === 'address' ? temporal.address : '',
      uiUrl: null,
      cliPath: undefined,
    });
  }
  const directory = dataDir as string;
  const namespace = temporal.namespace ?? 'default';
  let cliPath: string | undefined;
  let install: Promise<TemporalServerInstall> | undefined;
  let dropDatabases: (() => Promise<void>) | undefined;
  // Kept while it is down: a restart is on the same port.
  let address = '';
  let uiUrl: string | null = null;
  const launch = async (port: number | undefined): Promise<LocalTemporal> => {
    if (temporal.kind === 'dev') {
      cliPath ??= await resolveTemporalCli({ explicitPath: temporal.cliPath, cacheDir: options.cacheDir, log });
      log(`temporal: starting the dev server (${cliPath})`);
      return startTemporalDevServer({
        cliPath,
        dataDir: directory,
        namespace,
        port: port ?? temporal.port,
        uiPort: temporal.uiPort ?? null,
        log,
      });
    }
    install ??= installTemporalServer({ cacheDir: options.cacheDir, log });
    const database = temporal.database ?? 'temporal';
    // In a configured PostgreSQL its databases are dropped at the end; an embedded one dies with its root.
    if (postgres.action === 'use') {
      dropDatabases ??= async () => {
        for (const name of [database, `${database}_visibility`]) {
          await onServer(postgres.adminUrl, `drop database if exists "${name}" with (force)`);
        }
      };
    }
    log(`temporal-server: starting on PostgreSQL (databases ${database}, ${database}_visibility)`);
    return startTemporalServer({
      install: await install,
      dataDir: directory,
      postgresUrl: postgres.adminUrl,
      database,
      namespace,
      port: port ?? temporal.port,
      log,
    });
  };
  const server = restartable<LocalTemporal>(
    'temporal',
    async (port) => {
      const started = await launch(port);
      ({ address, uiUrl } = started);
      return started;
    },
    (running) => Number(running.address.split(':')[1]),
    async (running) => {
      process.kill(-running.pid, 'SIGKILL');
      await waitUntilGone(running.pid, 'Temporal');
    },
  );
  return startedHandle('temporal', server, {
    get address() {
      return address;
    },
    get uiUrl() {
      return uiUrl;
    },
    get cliPath() {
      return cliPath;
    },
    async stop() {
      await server.stop();
      await dropDatabases?.();
      dropDatabases = undefined;
    },
  });
}

export interface ElasticsearchHandle extends ServiceHandle {
  readonly url: string;
}

/** Elasticsearch from the tool cache (its kill is a stop), a configured URL, or none. */
export function elasticsearchHandle(spec: StackSpec, dataDir: string | undefined, options: ServiceOptions): ElasticsearchHandle {
  const log = (line: string) => options.log(line, 'elasticsearch');
  const es = spec.elasticsearch;
  if (es.kind !== 'embedded') {
    return notStartedHandle('elasticsearch', es.kind === 'url' ? 'use' : 'off', { url: es.kind === 'url' ? es.url : '' });
  }
  // Kept while it is down: a restart is on the same port.
  let url = '';
  const server = restartable(
    'elasticsearch',
    async (port: number | undefined) => {
      // Loaded only when asked for: most runs have no Elasticsearch.
      const { installElasticsearch, startElasticsearch } = await import('../elasticsearch.ts');
      const { home } = await installElasticsearch({ cacheDir: options.cacheDir, log });
      log('elasticsearch: starting (first start takes a minute)');
      // A preferred port is taken only when free; a restart insists on the first start's port.
      const chosen = port ?? (es.port === undefined ? undefined : await freePort(es.port));
      const started = await startElasticsearch({ home, dataDir: dataDir as string, port: chosen, heapMb: es.heapMb ?? 512, log });
      url = started.url;
      return started;
    },
    (running) => Number(new URL(running.url).port),
    (running) => running.stop(),
  );
  return startedHandle('elasticsearch', server, {
    get url() {
      return url;
    },
  });
}
