// The production shape of Temporal for benchmarks, the fault suite and the scale-out test: the
// Temporal server itself (not the CLI's dev server) on PostgreSQL, with several history shards.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import protoPackage from '@temporalio/proto';
import { msToTs } from '@temporalio/common/lib/time.js';
import pg from 'pg';
import { SEARCH_ATTRIBUTE_DEFINITIONS, ORGANIZATION_ID } from '../shared/domain/search-attributes.ts';
import { freePorts } from '../shared/net/free-port.ts';
import { startManagedProcess } from './managed-process.ts';
import { TOCSIN_TEMPORAL_DYNAMIC_CONFIG, type LocalTemporal } from './temporal.ts';
import type { TemporalServerInstall } from './temporal-server-install.ts';
import { startAgainOnEarlyExit, waitFor } from './wait-for.ts';

/** The schema tool's plugin for PostgreSQL 12 and later. */
const SQL_PLUGIN = 'postgres12';

/**
 * Fixed when the cluster's database is created and never changeable afterwards. Each shard has its
 * own transfer and timer queues and its own lease in the database; the dev server's single shard
 * funnels every workflow through one of each. Four spread that work while staying cheap on two
 * cores, where every shard's queue processors poll even when idle.
 */
export const TEMPORAL_SERVER_HISTORY_SHARDS = 4;

type Log = (message: string) => void;

export interface TemporalServerOptions {
  install: TemporalServerInstall;
  /** Its configuration and chosen ports; the same folder (and port) is the same server again. */
  dataDir: string;
  /** A URL of the PostgreSQL cluster, for a role that may create databases. */
  postgresUrl: string;
  /** Prefix of its two databases, `<prefix>` and `<prefix>_visibility`. */
  database?: string;
  namespace: string;
  /** The frontend port; by default any free one (kept in dataDir for the next start). */
  port?: number;
  log?: Log;
}

interface Ports {
  frontend: number;
  frontendHttp: number;
  frontendMembership: number;
  history: number;
  historyMembership: number;
  matching: number;
  matchingMembership: number;
  worker: number;
  workerMembership: number;
}

/** The ports of the last start (a restart keeps them all), or new ones around the frontend's. */
async function choosePorts(file: string, frontend: number | undefined, reuse: boolean): Promise<Ports> {
  const kept = existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as Ports) : undefined;
  if (reuse && kept && (frontend === undefined || kept.frontend === frontend)) return kept;
  const front = frontend ?? kept?.frontend ?? ((await freePorts(1))[0] as number);
  const others = await freePorts(8, [front]);
  // Its PostgreSQL schema keeps a member's port as a smallint.
  const tooHigh = [front, ...others].find((port) => port > 32_767);
  if (tooHigh !== undefined) throw new Error(`the Temporal server's ports must be below 32768, not ${tooHigh}`);
  const [frontendHttp, frontendMembership, history, historyMembership, matching, matchingMembership, worker, workerMembership] = others as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ports = {
    frontend: front,
    frontendHttp,
    frontendMembership,
    history,
    historyMembership,
    matching,
    matchingMembership,
    worker,
    workerMembership,
  };
  await writeFile(file, JSON.stringify(ports));
  return ports;
}

const sqlStore = (url: URL, database: string, maxConns: number) => ({
  sql: {
    pluginName: SQL_PLUGIN,
    databaseName: database,
    connectAddr: `${url.hostname}:${url.port || 5432}`,
    connectProtocol: 'tcp',
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    maxConns,
    maxIdleConns: maxConns,
    maxConnLifetime: '1h',
  },
});

/** The server's static configuration (JSON is YAML): one process running all four services on loopback. */
export function temporalServerConfig(options: { postgresUrl: string; database: string; ports: Ports; dynamicConfigFile: string }) {
  const url = new URL(options.postgresUrl);
  const service = (grpcPort: number, membershipPort: number, extra: Record<string, unknown> = {}) => ({
    rpc: { grpcPort, membershipPort, bindOnIP: '127.0.0.1', ...extra },
  });
  const { ports } = options;
  return {
    log: { stdout: true, level: 'warn' },
    persistence: {
      defaultStore: 'default',
      visibilityStore: 'visibility',
      numHistoryShards: TEMPORAL_SERVER_HISTORY_SHARDS,
      datastores: { default: sqlStore(url, options.database, 20), visibility: sqlStore(url, `${options.database}_visibility`, 4) },
    },
    global: { membership: { maxJoinDuration: '30s', broadcastAddress: '127.0.0.1' } },
    services: {
      frontend: service(ports.frontend, ports.frontendMembership, { httpPort: ports.frontendHttp }),
      history: service(ports.history, ports.historyMembership),
      matching: service(ports.matching, ports.matchingMembership),
      worker: service(ports.worker, ports.workerMembership),
    },
    clusterMetadata: {
      enableGlobalNamespace: false,
      failoverVersionIncrement: 10,
      masterClusterName: 'active',
      currentClusterName: 'active',
      clusterInformation: {
        active: { enabled: true, initialFailoverVersion: 1, rpcName: 'frontend', rpcAddress: `127.0.0.1:${ports.frontend}` },
      },
    },
    dcRedirectionPolicy: { policy: 'noop' },
    dynamicConfigClient: { filepath: options.dynamicConfigFile, pollInterval: '10s' },
  };
}

/**
 * What the CLI's dev server sets beyond the server's defaults and the app relies on: search
 * attributes visible as soon as they are added (the cache is bypassed, so persistence may take more
 * queries), the dev server's visibility rate and history cache size, and what Tocsin sets on
 * every server it starts (`TOCSIN_TEMPORAL_DYNAMIC_CONFIG` in temporal.ts: one partition per task
 * queue, room for buffered signals). Everything else the app uses (updates, update-with-start,
 * eager start) is on by default in this version.
 */
export const TEMPORAL_SERVER_DYNAMIC_CONFIG = `system.forceSearchAttributesCacheRefreshOnRead:
  - value: true
frontend.persistenceMaxQPS:
  - value: 10000
history.persistenceMaxQPS:
  - value: 45000
frontend.namespaceRPS.visibility:
  - value: 100
history.hostLevelCacheMaxSize:
  - value: 8096
${Object.entries(TOCSIN_TEMPORAL_DYNAMIC_CONFIG)
  .map(([key, value]) => `${key}:\n  - value: ${value}\n`)
  .join('')}`;

async function withPostgres<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates both databases when missing and brings their schemas to the version this server ships. */
async function prepareDatabases(options: TemporalServerOptions, database: string, log: Log): Promise<void> {
  const url = new URL(options.postgresUrl);
  const env = { ...process.env, SQL_PASSWORD: decodeURIComponent(url.password) };
  const common = ['--plugin', SQL_PLUGIN, '--ep', url.hostname, '-p', url.port || '5432', '-u', decodeURIComponent(url.username)];
  for (const [name, store] of [
    [database, 'temporal'],
    [`${database}_visibility`, 'visibility'],
  ] as const) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`invalid database name ${name}`);
    const adminUrl = new URL(options.postgresUrl);
    adminUrl.pathname = '/postgres';
    const fresh = await withPostgres(adminUrl.toString(), async (client) => {
      const found = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) await client.query(`create database "${name}"`);
      return found.rowCount === 0;
    });
    const run = (args: string[]) => promisify(execFile)(options.install.sqlTool, [...common, '--db', name, ...args], { env });
    // setup-schema -v 0.0 only creates the version bookkeeping; update-schema applies every versioned step after it.
    if (fresh) await run(['setup-schema', '-v', '0.0']);
    await run(['update-schema', '-d', join(options.install.schemaDir, store, 'versioned')]);
    log(`temporal-server: database ${name} ${fresh ? 'created' : 'brought up to date'}`);
  }
}

// gRPC status ALREADY_EXISTS.
const isAlreadyExists = (error: unknown) => (error as { code?: number }).code === 6;
const KEYWORD = protoPackage.temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD;

/** The namespace and the app's search attributes, each added when missing (a restart finds them). */
async function registerNamespace(address: string, namespace: string): Promise<void> {
  const connection = await Connection.connect({ address, connectTimeout: 2000 });
  try {
    await connection.workflowService
      .registerNamespace({ namespace, workflowExecutionRetentionPeriod: msToTs('1 day') })
      .catch((error: unknown) => {
        if (!isAlreadyExists(error)) throw error;
      });
    const { customAttributes } = await connection.operatorService.listSearchAttributes({ namespace });
    const missing = Object.keys(SEARCH_ATTRIBUTE_DEFINITIONS).filter((name) => !(customAttributes && name in customAttributes));
    if (missing.length > 0)
      await connection.operatorService
        .addSearchAttributes({ namespace, searchAttributes: Object.fromEntries(missing.map((name) => [name, KEYWORD])) })
        .catch((error: unknown) => {
          if (!isAlreadyExists(error)) throw error;
        });
  } finally {
    await connection.close();
  }
}

/**
 * Ready means what the app needs works: a workflow with the app's search attribute starts (its
 * history shard owned, the namespace and attribute known) and is terminated again.
 */
async function startsWorkflows(address: string, namespace: string): Promise<true> {
  const connection = await Connection.connect({ address, connectTimeout: 2000 });
  try {
    const client = new Client({ connection, namespace });
    return await connection.withDeadline(Date.now() + 5000, async () => {
      const handle = await client.workflow.start('temporalServerProbe', {
        taskQueue: 'temporal-server-probe',
        workflowId: `temporal-server-probe-${randomUUID()}`,
        workflowExecutionTimeout: '1 minute',
        typedSearchAttributes: [{ key: ORGANIZATION_ID, value: 'probe' }],
      });
      await handle.terminate('probe');
      return true as const;
    });
  } finally {
    await connection.close();
  }
}

/**
 * Starts the Temporal server on PostgreSQL and waits until it starts workflows: databases and
 * schemas first (idempotent), then the server, then the namespace and search attributes. Same
 * shape as startTemporalDevServer; started again on the same dataDir it is the same cluster.
 */
export async function startTemporalServer(options: TemporalServerOptions): Promise<LocalTemporal> {
  // After an early exit its internal ports are chosen again, the frontend's kept.
  return startAgainOnEarlyExit('temporal-server', (attempt) => startTemporalServerOnce(options, attempt === 1), options.log);
}

async function startTemporalServerOnce(options: TemporalServerOptions, reusePorts: boolean): Promise<LocalTemporal> {
  const log = options.log ?? (() => undefined);
  const dataDir = resolve(options.dataDir);
  const database = options.database ?? 'temporal';
  await mkdir(join(dataDir, 'config'), { recursive: true });
  const ports = await choosePorts(join(dataDir, 'ports.json'), options.port, reusePorts);
  await prepareDatabases(options, database, log);
  const dynamicConfigFile = join(dataDir, 'dynamic-config.yaml');
  await writeFile(dynamicConfigFile, TEMPORAL_SERVER_DYNAMIC_CONFIG);
  // It holds the database password: readable by this user only.
  await writeFile(
    join(dataDir, 'config', 'development.yaml'),
    JSON.stringify(temporalServerConfig({ postgresUrl: options.postgresUrl, database, ports, dynamicConfigFile }), null, 2),
    { mode: 0o600 },
  );
  const server = startManagedProcess(
    'temporal-server',
    options.install.server,
    ['--root', dataDir, '--config', 'config', '--env', 'development', '--allow-no-auth', 'start'],
    { onOutput: (line) => log(`temporal-server: ${line}`) },
  );
  const address = `127.0.0.1:${ports.frontend}`;
  try {
    await waitFor(
      'Temporal server',
      async () => {
        await registerNamespace(address, options.namespace);
        return startsWorkflows(address, options.namespace);
      },
      { timeoutMs: 120_000, intervalMs: 500, isAlive: () => server.isAlive(), exitReport: () => server.exitReport() },
    );
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { address, uiUrl: null, pid: server.pid, stop: () => server.stop() };
}
