// The one launcher of PostgreSQL, Temporal and Elasticsearch for `npm start`, the integration tests,
// the benchmarks, the fault suite and the contract suite. A service is started here (embedded
// PostgreSQL, the Temporal dev server or server, Elasticsearch from the tool cache) or used as
// configured (a URL or address); every started one can be killed and started again on the same data
// and port.
import { chmod, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { toolCacheDir } from '../../shared/load-config.ts';
import { freePort } from '../../shared/net/free-port.ts';
import { installPgvector } from '../pgvector.ts';
import { startEmbeddedPostgres, type LocalPostgres } from '../postgres.ts';
import { resolveTemporalCli, startTemporalDevServer, type LocalTemporal } from '../temporal.ts';
import { startTemporalServer } from '../temporal-server.ts';
import { installTemporalServer, type TemporalServerInstall } from '../temporal-server-install.ts';
import { waitFor } from '../wait-for.ts';
import { adminUrlOf, planStack, type ServiceAction, type ServiceName, type StackSpec } from './plan.ts';

export interface ServiceHandle {
  readonly name: ServiceName;
  /** `start`: this stack runs it; `use`: a configured server; `off`: not part of the stack. */
  readonly action: ServiceAction;
  /** The running process (PostgreSQL: its postmaster), while a started service is up. */
  readonly pid: number | undefined;
  isUp(): boolean;
  /** Takes it down the way a crash would (PostgreSQL: SIGQUIT, an immediate shutdown; Temporal: SIGKILL; Elasticsearch: a stop). */
  kill(): Promise<void>;
  /** Starts it again on the same data and port, and waits until it serves. */
  start(): Promise<void>;
  /** Stops it gracefully; a no-op when it is down or not started here. */
  stop(): Promise<void>;
}

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

export interface TemporalHandle extends ServiceHandle {
  readonly address: string;
  readonly uiUrl: string | null;
  /** The CLI the dev server runs from; undefined for other kinds. */
  readonly cliPath: string | undefined;
}

export interface ElasticsearchHandle extends ServiceHandle {
  readonly url: string;
}

export interface Stack {
  postgres: PostgresHandle;
  temporal: TemporalHandle;
  elasticsearch: ElasticsearchHandle;
  /** Stops what this stack started, last started first, then drops what it created in configured servers. */
  stop(): Promise<void>;
}

export interface StackOptions {
  /** One line of a service's output or of the launcher's progress, with the service it is about. */
  log?: (line: string, service: ServiceName) => void;
  cacheDir?: string;
}

/** A fresh directory under the system's temporary one, enterable by the system users PostgreSQL and Elasticsearch run as under root. */
export async function temporaryRoot(prefix: string): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  await chmod(root, 0o755);
  return root;
}

async function onServer(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function waitUntilGone(pid: number, what: string): Promise<void> {
  await waitFor(
    `${what} (pid ${pid}) to exit`,
    async () => {
      try {
        process.kill(pid, 0);
        return undefined;
      } catch {
        return true;
      }
    },
    { timeoutMs: 60_000, intervalMs: 50 },
  );
}

const notStartedHere = (name: ServiceName, action: ServiceAction) => async () => {
  throw new Error(`${name} is ${action === 'off' ? 'not part of this stack' : 'a configured server, not started by this stack'}`);
};

/** What every started service shares: one running instance at a time, restarts on its first port. */
function restartable<T extends { pid: number; stop(): Promise<void> }>(
  name: ServiceName,
  launch: (port: number | undefined) => Promise<T>,
  portOf: (running: T) => number,
  crash: (running: T) => Promise<void>,
) {
  let running: T | undefined;
  let port: number | undefined;
  return {
    get current() {
      return running;
    },
    async start() {
      if (running) throw new Error(`${name} is already running`);
      const started = await launch(port);
      if (port !== undefined && portOf(started) !== port) {
        await started.stop();
        throw new Error(`${name}: port ${port} was taken while it was down`);
      }
      port = portOf(started);
      running = started;
    },
    async kill() {
      if (!running) throw new Error(`${name} is not running`);
      await crash(running);
      running = undefined;
    },
    async stop() {
      const stopping = running;
      running = undefined;
      await stopping?.stop();
    },
  };
}

function postgresHandle(spec: StackSpec, dataDir: string | undefined, options: Required<StackOptions>): PostgresHandle {
  const log = (line: string) => options.log(line, 'postgres');
  const created: string[] = [];
  if (spec.postgres.kind !== 'embedded') {
    const url = spec.postgres.kind === 'url' ? spec.postgres.url : '';
    const action = spec.postgres.kind === 'url' ? 'use' : 'off';
    return {
      name: 'postgres',
      action,
      pid: undefined,
      url,
      adminUrl: url ? adminUrlOf(url) : '',
      isUp: () => action === 'use',
      kill: notStartedHere('postgres', action),
      start: notStartedHere('postgres', action),
      async stop() {
        for (const name of created.splice(0)) await onServer(adminUrlOf(url), `drop database if exists "${name}" with (force)`);
      },
      async createDatabase(name) {
        if (!url) throw new Error('postgres is not part of this stack');
        if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`invalid database name ${name}`);
        await onServer(adminUrlOf(url), `create database "${name}"`);
        created.push(name);
        const database = new URL(url);
        database.pathname = `/${name}`;
        return database.toString();
      },
    };
  }
  const embedded = spec.postgres;
  const directory = dataDir as string;
  let pgvectorDir: string | null | undefined;
  let postmasterPid: number | undefined;
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
  return {
    name: 'postgres',
    action: 'start',
    get pid() {
      return server.current ? postmasterPid : undefined;
    },
    get url() {
      return server.current?.url ?? '';
    },
    get adminUrl() {
      return server.current ? adminUrlOf(server.current.url) : '';
    },
    isUp: () => server.current !== undefined,
    kill: () => server.kill(),
    start: () => server.start(),
    stop: () => server.stop(),
    async createDatabase(name) {
      if (!server.current) throw new Error('postgres is not running');
      return server.current.createDatabase(name);
    },
  };
}

function temporalHandle(
  spec: StackSpec,
  dataDir: string | undefined,
  postgres: PostgresHandle,
  options: Required<StackOptions>,
): TemporalHandle {
  const log = (line: string) => options.log(line, 'temporal');
  const temporal = spec.temporal;
  if (temporal.kind === 'off' || temporal.kind === 'address') {
    const action = temporal.kind === 'address' ? 'use' : 'off';
    return {
      name: 'temporal',
      action,
      pid: undefined,
      address: temporal.kind === 'address' ? temporal.address : '',
      uiUrl: null,
      cliPath: undefined,
      isUp: () => action === 'use',
      kill: notStartedHere('temporal', action),
      start: notStartedHere('temporal', action),
      stop: async () => undefined,
    };
  }
  const directory = dataDir as string;
  const namespace = temporal.namespace ?? 'default';
  let cliPath: string | undefined;
  let install: Promise<TemporalServerInstall> | undefined;
  let dropDatabases: (() => Promise<void>) | undefined;
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
    launch,
    (running) => Number(running.address.split(':')[1]),
    async (running) => {
      process.kill(-running.pid, 'SIGKILL');
      await waitUntilGone(running.pid, 'Temporal');
    },
  );
  return {
    name: 'temporal',
    action: 'start',
    get pid() {
      return server.current?.pid;
    },
    get address() {
      return server.current?.address ?? '';
    },
    get uiUrl() {
      return server.current?.uiUrl ?? null;
    },
    get cliPath() {
      return cliPath;
    },
    isUp: () => server.current !== undefined,
    kill: () => server.kill(),
    start: () => server.start(),
    async stop() {
      await server.stop();
      await dropDatabases?.();
      dropDatabases = undefined;
    },
  };
}

function elasticsearchHandle(spec: StackSpec, dataDir: string | undefined, options: Required<StackOptions>): ElasticsearchHandle {
  const log = (line: string) => options.log(line, 'elasticsearch');
  const es = spec.elasticsearch;
  if (es.kind !== 'embedded') {
    const action = es.kind === 'url' ? 'use' : 'off';
    return {
      name: 'elasticsearch',
      action,
      pid: undefined,
      url: es.kind === 'url' ? es.url : '',
      isUp: () => action === 'use',
      kill: notStartedHere('elasticsearch', action),
      start: notStartedHere('elasticsearch', action),
      stop: async () => undefined,
    };
  }
  const server = restartable(
    'elasticsearch',
    async (port: number | undefined) => {
      // Loaded only when asked for: most runs have no Elasticsearch.
      const { installElasticsearch, startElasticsearch } = await import('../elasticsearch.ts');
      const { home } = await installElasticsearch({ cacheDir: options.cacheDir, log });
      log('elasticsearch: starting (first start takes a minute)');
      // A preferred port is taken only when free; a restart insists on the first start's port.
      const chosen = port ?? (es.port === undefined ? undefined : await freePort(es.port));
      return startElasticsearch({ home, dataDir: dataDir as string, port: chosen, heapMb: es.heapMb ?? 512, log });
    },
    (running) => Number(new URL(running.url).port),
    (running) => running.stop(),
  );
  return {
    name: 'elasticsearch',
    action: 'start',
    get pid() {
      return server.current?.pid;
    },
    get url() {
      return server.current?.url ?? '';
    },
    isUp: () => server.current !== undefined,
    kill: () => server.kill(),
    start: () => server.start(),
    stop: () => server.stop(),
  };
}

/**
 * Starts the declared services, independent ones in parallel, and waits until each serves. When
 * one fails to start, those already up are stopped before the first error is thrown.
 */
export async function startStack(spec: StackSpec, stackOptions: StackOptions = {}): Promise<Stack> {
  const plan = planStack(spec);
  const options: Required<StackOptions> = { log: stackOptions.log ?? (() => undefined), cacheDir: stackOptions.cacheDir ?? toolCacheDir() };
  const postgres = postgresHandle(spec, plan.services.postgres.dataDir, options);
  const handles = {
    postgres,
    temporal: temporalHandle(spec, plan.services.temporal.dataDir, postgres, options),
    elasticsearch: elasticsearchHandle(spec, plan.services.elasticsearch.dataDir, options),
  };
  const stop = async () => {
    const failures: unknown[] = [];
    // Each started service's stop is a no-op while it is down; a configured PostgreSQL's drops what the stack created there.
    const order = [...plan.stopOrder, ...(postgres.action === 'use' ? (['postgres'] as const) : [])];
    for (const name of order) await handles[name].stop().catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw new AggregateError(failures, `stopping the stack: ${failures.map(String).join('; ')}`);
  };
  for (const wave of plan.waves) {
    const results = await Promise.allSettled(wave.map((name) => handles[name].start()));
    const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) {
      await stop().catch((error: unknown) => options.log(`stop after a failed start: ${String(error)}`, wave[0] as ServiceName));
      throw failed.reason;
    }
  }
  return { ...handles, stop };
}
