import { randomBytes, randomUUID } from 'node:crypto';
import type { NativeConnection, Worker, WorkerOptions } from '@temporalio/worker';
import supertest from 'supertest';
import type Koa from 'koa';
import { createApp } from '../../api/app.ts';
import { CONTRACT_VIOLATION_EVENT, type ContractViolation } from '../../api/middleware/response-contract.ts';
import { buildAppDeps, startRequestCaches, type RequestCaches } from '../../api/deps.ts';
import { parseConfig, type Config } from '../../shared/config.ts';
import { openOrm, runMigrations, type Orm } from '../../shared/db/orm.ts';
import { createLogger } from '../../shared/logger.ts';
import type { SearchPort } from '../../shared/search/port.ts';
import { connectTemporal, type TemporalClient } from '../../shared/temporal/client.ts';
import type { WorkerRuntime, WorkerRuntimeOptions } from '../../worker/runtime.ts';
import { withSharedWorkflowBundle } from './shared-workflow-bundle.ts';
import { createTestDatabase, requiredEnv } from './test-database.ts';
import { TEST_ENV } from './test-services.ts';

export interface TestStack {
  config: Config;
  orm: Orm;
  search: SearchPort | undefined;
  temporal: TemporalClient;
  app: Koa;
  http: ReturnType<typeof supertest>;
  databaseUrl: string;
  /** The credential cache (listening) and the rate limiter the app uses; `flush()` the latter before reading counters. */
  requestCaches: RequestCaches;
  worker: Worker | undefined;
  /** Raw SQL on a fresh fork of the ORM, for checking the rows a test cannot see over HTTP. */
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /** Starts a worker on the stack's task queue (again, after stopWorker). */
  startWorker(): Promise<void>;
  /** Shuts the worker down; alerts signalled meanwhile wait in Temporal. */
  stopWorker(): Promise<void>;
  stop(): Promise<void>;
}

/** A fresh database on the shared test PostgreSQL; dropped by `drop()`. */

/**
 * The API wired to real parts: its own database (migrated), the shared Temporal server with a
 * task queue of its own, and optionally a worker on that queue, in this process.
 */
export interface TestStackOptions {
  worker?: boolean;
  /** Worker options over the production ones (e.g. fewer activity slots). */
  workerOverrides?: Partial<WorkerOptions>;
  env?: Record<string, string>;
  /** The outbox relay's idle poll (default 250 ms). */
  relayIdleMs?: number;
  /** The worker's page channels instead of the registry's (a test channel of its own). */
  workerChannels?: WorkerRuntimeOptions['channels'];
  /** A search backend for the API and the worker, built once the database is migrated. */
  search?: (context: { orm: Orm; config: Config }) => Promise<SearchPort>;
}

export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const database = await createTestDatabase({ migrated: true });
  const taskQueue = `test-${randomUUID()}`;
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TOCSIN_TEST_VERBOSE === '1' ? 'debug' : 'silent',
    DATABASE_URL: database.url,
    TEMPORAL_ADDRESS: requiredEnv(TEST_ENV.temporalAddress),
    TEMPORAL_TASK_QUEUE: taskQueue,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    // Every answer checked against the schema its route declares: a mismatch fails the test
    // (production configuration refuses the check, so stacks that test production go without).
    ...(options.env?.NODE_ENV === 'production' ? {} : { RESPONSE_CONTRACT_CHECK: 'true' }),
    ...options.env,
  });
  const logger = createLogger({ name: 'tocsin-test', level: config.LOG_LEVEL });
  const orm = await openOrm({ databaseUrl: database.url, poolMax: 5 });
  await runMigrations(orm, database.url);
  const search = await options.search?.({ orm, config });
  const temporal = await connectTemporal({
    address: config.TEMPORAL_ADDRESS as string,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue,
  });
  let runtime: WorkerRuntime | undefined;
  let workerConnection: NativeConnection | undefined;
  // The worker and its outbox relay, wired as worker/main.ts wires them.
  const startWorker = async () => {
    // Imported here: a stack without a worker (about half the files) skips the worker's modules.
    const [{ NativeConnection }, { createWorkerRuntime }, { installQuietTemporalRuntime }] = await Promise.all([
      import('@temporalio/worker'),
      import('../../worker/runtime.ts'),
      import('./quiet-temporal-runtime.ts'),
    ]);
    installQuietTemporalRuntime();
    workerConnection ??= await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS as string });
    runtime = await createWorkerRuntime(config, {
      orm,
      connection: workerConnection,
      temporal: temporal.client,
      encryptionKey: config.ENCRYPTION_KEY as string,
      search,
      logger,
      taskQueue,
      overrides: withSharedWorkflowBundle(options.workerOverrides),
      relayIdleMs: options.relayIdleMs,
      channels: options.workerChannels,
    });
    void runtime.run();
  };
  const stopWorker = async () => {
    await runtime?.stop();
    runtime = undefined;
  };
  if (options.worker) await startWorker();
  const requestCaches = startRequestCaches(config, logger, { orm, databaseUrl: database.url });
  await requestCaches.ready;
  const app = createApp(
    buildAppDeps(config, logger, {
      orm,
      temporal,
      search,
      requestCaches,
      jwtSecret: config.JWT_SECRET as string,
      encryptionKey: config.ENCRYPTION_KEY as string,
    }),
  );
  // The failing request already answered 500; this also fails a suite whose test did not look at the status.
  const violations: ContractViolation[] = [];
  app.on(CONTRACT_VIOLATION_EVENT, (violation: ContractViolation) => violations.push(violation));
  return {
    config,
    orm,
    search,
    temporal,
    app,
    http: supertest(app.callback()),
    databaseUrl: database.url,
    requestCaches,
    get worker(): Worker | undefined {
      return runtime?.worker;
    },
    sql: async <T = Record<string, unknown>>(query: string, params: unknown[] = []): Promise<T[]> =>
      orm.em.fork().getConnection().execute(query, params),
    startWorker,
    stopWorker,
    async stop() {
      await stopWorker();
      await requestCaches.close();
      await workerConnection?.close();
      await temporal.close();
      await search?.close();
      await orm.close();
      await database.drop();
      if (violations.length > 0) {
        throw new Error(
          `Answers that do not match their declared schema:\n${violations.map((v) => `  ${v.method} ${v.path} → ${v.status} (${v.operationId}): ${v.problems.join('; ')}`).join('\n')}`,
        );
      }
    },
  };
}

let counter = 0;

/** Registers a new organization with its owner and logs in over HTTP. */
export async function registerOwner(http: TestStack['http'], label = 'org') {
  counter += 1;
  const email = `${label}-${counter}-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'correct horse battery staple';
  const registered = await http
    .post('/api/v1/auth/register')
    .send({ email, password, name: `Owner ${counter}`, organization_name: `${label} ${counter}` })
    .expect(201);
  const login = await http.post('/api/v1/auth/login').send({ email, password }).expect(200);
  return {
    email,
    password,
    token: login.body.access_token as string,
    refreshToken: login.body.refresh_token as string,
    user: registered.body.data.user as { id: string; organization_id: string },
    organization: registered.body.data.organization as { id: string },
  };
}
