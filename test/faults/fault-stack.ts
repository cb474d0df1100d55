// The production shape for fault injection: a PostgreSQL, a Temporal server (and, when asked, an
// Elasticsearch) of this suite's own, since it kills and restarts them, then `node api/main.ts` and
// `node worker/main.ts` as separate processes, as an operator runs them (one of each, or several
// for the scale-out scenario). Temporal is the CLI's dev server (SQLite, one history shard), or with
// BENCH_TEMPORAL=server the Temporal server on this PostgreSQL with several history shards
// (dev/temporal-server.ts); the servers come from dev/stack. Every process can be killed and started
// again on the same data and port; nothing is restarted unless a scenario asks.
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { existsSync } from 'node:fs';
import { appendFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { elasticsearchTool } from '../../dev/elasticsearch.ts';
import { toolDir } from '../../dev/tool-cache.ts';
import { freePorts } from '../../shared/net/free-port.ts';
import { harnessAppEnv, spawnApp, waitUntilReady, type AppRole } from '../../dev/app-process.ts';
import type { ManagedProcess } from '../../dev/managed-process.ts';
import { temporalKindOf, type TemporalKind } from '../../dev/stack/plan.ts';
import { startStack, temporaryRoot, type ServiceHandle } from '../../dev/stack/services.ts';
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

export type { TemporalKind };

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
  /** The real Elasticsearch's URL, when it runs (the processes may be given a proxy's). */
  elasticsearchUrl?: string;
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

export async function startFaultStack(options: {
  scenario: string;
  elasticsearch: boolean;
  /** Default: BENCH_TEMPORAL. */
  temporal?: TemporalKind;
  /** How many API and worker processes (default one each); they share the database and task queue. */
  apis?: number;
  workers?: number;
  /** The Elasticsearch URL the processes are given instead of the real one (a proxy in front of it). */
  elasticsearchUrlFor?: (url: string) => Promise<string>;
  /** More environment for the API and worker processes (e.g. OUTBOUND_ALLOW_PRIVATE for a loopback server or a local fake vendor). */
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}): Promise<FaultStack> {
  const temporalKind = options.temporal ?? temporalKindOf(process.env.BENCH_TEMPORAL);
  const root = await temporaryRoot(`tocsin-faults-${options.scenario}-`);
  const logFile = join(root, 'processes.log');
  const recent: string[] = [];
  const record = (source: string, line: string) => {
    const stamped = `${new Date().toISOString()} [${source}] ${line}`;
    recent.push(stamped);
    if (recent.length > 200) recent.shift();
    void appendFile(logFile, `${stamped}\n`).catch(() => undefined);
    options.log?.(stamped);
  };
  const unexpectedExits: string[] = [];

  // PostgreSQL, Temporal and (when asked) Elasticsearch of this scenario's own (dev/stack), so it can
  // kill them: PostgreSQL by SIGQUIT to the postmaster, PostgreSQL's immediate shutdown (no
  // checkpoint, crash recovery at the next start), the way a crashed or fenced server goes away;
  // Temporal by SIGKILL; Elasticsearch by a graceful stop. Each comes back on the same data and port.
  const services = await startStack(
    {
      root,
      postgres: { kind: 'embedded' },
      temporal: temporalKind === 'server' ? { kind: 'server' } : { kind: 'dev', cliPath: process.env.TEMPORAL_CLI_PATH },
      elasticsearch: options.elasticsearch ? { kind: 'embedded' } : { kind: 'off' },
    },
    { log: (line, service) => record(service, line) },
  ).catch(async (error: unknown) => {
    await rm(root, { recursive: true, force: true });
    throw error;
  });
  const stopServices = () => services.stop();
  let databaseUrl: string;
  try {
    databaseUrl = await services.postgres.createDatabase('faults');
  } catch (error) {
    await stopServices().catch(() => undefined);
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  const temporalAddress = services.temporal.address;
  const elasticsearchUrl = services.elasticsearch.url;

  /** A service as a scenario sees it: each kill and start recorded, starts counted. */
  const restartable = (
    service: ServiceHandle,
    killed: () => string,
    startAgain: () => Promise<{ starts: number; recovery?: string }> = async () => {
      await service.start();
      return { starts: 1 };
    },
  ): Restartable => {
    let starts = 1;
    const recoveries: string[] = [];
    return {
      name: service.name,
      get starts() {
        return starts;
      },
      recoveries,
      isUp: () => service.isUp(),
      async kill() {
        record('fault', killed());
        await service.kill();
      },
      async start() {
        const started = await startAgain();
        starts += started.starts;
        record('fault', `${describeService(service.name)} started again`);
        if (started.recovery) {
          recoveries.push(started.recovery);
          record('fault', started.recovery);
          process.stderr.write(`[faults] ${started.recovery}\n`);
        }
      },
    };
  };
  const describeService = (name: string) =>
    name === 'postgres'
      ? 'PostgreSQL'
      : name === 'elasticsearch'
        ? 'Elasticsearch'
        : `Temporal ${temporalKind === 'server' ? 'server' : 'dev server'}`;
  const postgresHandle = restartable(
    services.postgres,
    () => `PostgreSQL immediate shutdown (SIGQUIT to postmaster ${services.postgres.pid})`,
  );
  const temporalHandle = restartable(
    services.temporal,
    () => `Temporal ${temporalKind} server SIGKILL (pid ${services.temporal.pid})`,
    // The Temporal server's start already waits until a workflow start persists. The dev server
    // sometimes comes back from a SIGKILL with its SQLite history shard stuck ("shard status
    // unknown") for minutes: a fault of the dev server, not of Tocsin.
    temporalKind === 'server'
      ? undefined
      : () =>
          startUntilPersisting(
            {
              start: () => services.temporal.start(),
              stop: () => services.temporal.stop(),
              persists: () => persistsWithin(temporalAddress, TEMPORAL_SHARD_RECOVERY_MS),
            },
            'the Temporal dev server',
            TEMPORAL_SHARD_RECOVERY_MS,
          ),
  );
  const elasticsearchHandle = options.elasticsearch ? restartable(services.elasticsearch, () => 'Elasticsearch stop') : undefined;

  const apiPorts = await freePorts(options.apis ?? 1);
  const workerHealthPorts = await freePorts(options.workers ?? 1, apiPorts);
  const baseUrls = apiPorts.map((port) => `http://127.0.0.1:${port}`);
  const workerHealthUrls = workerHealthPorts.map((port) => `http://127.0.0.1:${port}`);
  const baseUrl = baseUrls[0] as string;
  const env: NodeJS.ProcessEnv = {
    ...harnessAppEnv({ databaseUrl, temporalAddress, taskQueue: 'tocsin-faults' }),
    NODE_OPTIONS: '',
    DATA_DIR: join(root, 'data'),
    ELASTICSEARCH_URL:
      elasticsearchUrl && options.elasticsearchUrlFor ? await options.elasticsearchUrlFor(elasticsearchUrl) : elasticsearchUrl,
    PUBLIC_URL: baseUrl,
    // The storm is the load; the plan's webhook limit is not what this suite measures.
    RATE_LIMIT_WEBHOOK_PER_HOUR: '100000000',
    ...options.env,
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
    await stopServices().catch(() => undefined);
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
    ...(elasticsearchUrl ? { elasticsearchUrl } : {}),
    unexpectedExits,
    logFile,
    recentOutput: () => recent.join('\n'),
    sql: async <T>(query: string, params: unknown[] = []) => (await pool.query(query, params)).rows as T[],
    stop,
  };
}
