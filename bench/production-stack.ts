// The production shape for benchmarks: real PostgreSQL, Temporal dev server (and Elasticsearch when
// installed) from the test services (dev/stack), then `node worker/main.ts` and `node api/main.ts` as
// separate processes on a fresh database, as an operator runs them. With BENCH_TEMPORAL=server,
// Temporal is the Temporal server itself on that PostgreSQL with several history shards
// (dev/temporal-server.ts, in databases of its own, dropped afterwards) instead of the dev server. The benchmark's own load generator runs in this process, so it never
// shares an event loop with the API or the worker.
import './exit-on-signal.ts';
import { harnessAppEnv, spawnApp, waitUntilReady } from '../dev/app-process.ts';
import { temporalKindOf } from '../dev/stack/plan.ts';
import { randomBytes } from 'node:crypto';
import { freePorts } from '../shared/net/free-port.ts';
import type { ManagedProcess } from '../dev/managed-process.ts';
import { createTestDatabase } from '../test/helpers/test-database.ts';
import { startTestServices, TEST_ENV } from '../test/helpers/test-services.ts';

export interface ProductionStack {
  baseUrl: string;
  databaseUrl: string;
  /** The Temporal server, namespace and task queue the API and worker use, to read workflow histories. */
  temporal: { address: string; namespace: string; taskQueue: string };
  /** The API's and the worker's process ids, to read their CPU time. */
  pids: Record<string, number>;
  stop(): Promise<void>;
}

export async function startProductionStack(options: {
  worker: boolean;
  /**
   * Search's follow-up in a worker process of its own (WORKER_ROLE=follow-up) beside a worker with
   * FOLLOW_UP_CONCURRENCY=0; default false: in the worker's own follow-up slots, as `npm start` runs it.
   */
  followUpProcess?: boolean;
  /** Start Elasticsearch as well (when installed); default true. */
  elasticsearch?: boolean;
  env?: Record<string, string>;
  log?: (line: string) => void;
}): Promise<ProductionStack> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const temporalKind = temporalKindOf(process.env.BENCH_TEMPORAL);
  // The Temporal server's own output (JSON lines) stays out of the report; its last lines are in any start failure.
  const serverLines = (line: string) => {
    if (line.startsWith('temporal-server: ') && !line.startsWith('temporal-server: {')) log(line);
  };
  const stopServices = await startTestServices(serverLines, { elasticsearch: options.elasticsearch ?? true, temporal: temporalKind });
  if (temporalKind === 'server') log(`bench: Temporal server ${process.env[TEST_ENV.temporalAddress]} on PostgreSQL`);
  const database = await createTestDatabase();
  const [port, workerHealthPort, followUpHealthPort] = (await freePorts(3)) as [number, number, number];
  const env: NodeJS.ProcessEnv = {
    ...harnessAppEnv({
      databaseUrl: database.url,
      temporalAddress: process.env[TEST_ENV.temporalAddress],
      taskQueue: `bench-${randomBytes(4).toString('hex')}`,
    }),
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    OUTBOUND_ALLOW_PRIVATE: 'true',
    WORKER_HEALTH_PORT: String(workerHealthPort),
    ...options.env,
  };
  const children: ManagedProcess[] = [];
  const followUpProcess = options.worker && (options.followUpProcess ?? false);
  const envOf = {
    api: env,
    worker: followUpProcess ? { ...env, WORKER_ROLE: 'all', FOLLOW_UP_CONCURRENCY: '0' } : env,
    'follow-up': { ...env, WORKER_ROLE: 'follow-up', WORKER_HEALTH_PORT: String(followUpHealthPort) },
  };
  const start = (name: 'api' | 'worker' | 'follow-up') => {
    const child = spawnApp(name === 'api' ? 'api' : 'worker', { name, env: envOf[name], onOutput: (line) => log(`[${name}] ${line}`) });
    children.push(child);
    return child;
  };
  const stop = async () => {
    for (const child of children.reverse()) await child.stop(10_000);
    await database.drop().catch(() => undefined);
    await stopServices();
  };
  try {
    // The API migrates the database before it listens; the worker waits for that to start cleanly.
    const api = start('api');
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitUntilReady(`${baseUrl}/readyz`, api, 120_000);
    const worker = options.worker ? start('worker') : undefined;
    // Load starts once the worker polls (it bundles its workflows first): its start-up is not measured.
    const followUp = followUpProcess ? start('follow-up') : undefined;
    if (worker) await waitUntilReady(`http://127.0.0.1:${workerHealthPort}/readyz`, worker, 120_000);
    if (followUp) await waitUntilReady(`http://127.0.0.1:${followUpHealthPort}/readyz`, followUp, 120_000);
    return {
      baseUrl,
      databaseUrl: database.url,
      temporal: {
        address: env.TEMPORAL_ADDRESS as string,
        namespace: env.TEMPORAL_NAMESPACE ?? 'default',
        taskQueue: env.TEMPORAL_TASK_QUEUE as string,
      },
      pids: { api: api.pid, ...(worker ? { worker: worker.pid } : {}), ...(followUp ? { 'follow-up': followUp.pid } : {}) },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** JSON over HTTP for the benchmark's setup steps; throws on an unexpected status. */
export async function call<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; expect?: number } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (response.status !== (options.expect ?? 200)) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** Registers an organization and logs its owner in. */
export async function registerOwner(baseUrl: string, label: string): Promise<{ token: string; organizationId: string; userId: string }> {
  const email = `${label}-${randomBytes(4).toString('hex')}@example.test`;
  const password = 'correct horse battery staple';
  const registered = await call<{ data: { organization: { id: string }; user: { id: string } } }>(
    baseUrl,
    'POST',
    '/api/v1/auth/register',
    {
      body: { email, password, name: 'Bench Owner', organization_name: `${label} org` },
      expect: 201,
    },
  );
  const login = await call<{ access_token: string }>(baseUrl, 'POST', '/api/v1/auth/login', { body: { email, password } });
  return { token: login.access_token, organizationId: registered.data.organization.id, userId: registered.data.user.id };
}
