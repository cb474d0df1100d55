import { Client } from '@temporalio/client';
import type { NativeConnection, Worker, WorkerOptions } from '@temporalio/worker';
import type { OutboxRelayStats } from './outbox/relay.ts';
import type { Config } from '../shared/config.ts';
import type { Orm } from '../shared/db/orm.ts';
import type { Logger } from '../shared/logger.ts';
import type { SearchPort } from '../shared/search/port.ts';
import { createWorkerDeps, startOutboxRelay } from './deps.ts';
import { bundleWorkflows, createWorker, INGESTION_WORKER_TUNING } from './worker.ts';
import { createFirstLevelPager } from './outbox/first-level.ts';
import { createEscalationActivities } from '../activities/escalation.activities.ts';
import { startWorkerMatrixSync } from './matrix/matrix-wiring.ts';
import { followUpTaskQueue, pagingTaskQueue, tenantJobsTaskQueue } from '../shared/temporal/ids.ts';
import { createFollowUpPacer, workerIsBusy } from './follow-up-pacer.ts';

/** Concurrent tenant jobs (calendar refreshes) per worker process; their imports run in threads. */
const TENANT_JOB_SLOTS = 2;
import type { PageChannel, PageChannelKind } from '../shared/paging/channel.ts';
import { createPageChannels } from '../shared/paging/channels.ts';
import { updatableKinds } from '../shared/paging/page-updater.ts';

export interface WorkerRuntimeOptions {
  orm: Orm;
  /** The worker's own connection (the health probes ask it too). */
  connection: NativeConnection;
  /**
   * A client for the activities' Temporal calls and the Matrix bots; the outbox relay uses its
   * interceptors on `connection` (see below).
   */
  temporal: Client;
  encryptionKey: string;
  search?: SearchPort;
  logger: Logger;
  /** Instead of TEMPORAL_TASK_QUEUE: tests give each file a queue of its own on the shared server. */
  taskQueue?: string;
  /** Interceptors (tracing, metrics) and other worker options on top of createWorker's. */
  overrides?: Partial<WorkerOptions>;
  /** Page channels instead of the registry's (tests: a channel of their own); the activities and the relay share them. */
  channels?: Map<PageChannelKind, PageChannel>;
  /** The outbox relay's idle poll (default 250 ms); it wakes on `tocsin_outbox` notifications before. */
  relayIdleMs?: number;
}

export interface WorkerRuntime {
  /** The main queue's worker; in a follow-up worker process (WORKER_ROLE=follow-up), the follow-up queue's. */
  readonly worker: Worker;
  /** The outbox relay; none in a follow-up worker process. */
  readonly relay: { stats(): OutboxRelayStats } | undefined;
  /**
   * Runs the worker until it shuts down (stop(), or SIGINT/SIGTERM through the SDK's Runtime), then
   * stops the outbox relay and writes the last second of integration liveness.
   */
  run(): Promise<void>;
  /** Shuts the worker down and waits for run() to return; running activities finish or retry elsewhere. */
  stop(): Promise<void>;
}

/**
 * The one wiring of a worker process, the same in `npm run worker` (worker/main.ts), `npm start`
 * and the benchmarks and fault suite (which run worker/main.ts) and the integration tests (in
 * process): the activities' dependencies, the Temporal worker on the task queue, and the outbox
 * relay beside it, which must run wherever the worker runs or domain events are never delivered.
 */
export async function createWorkerRuntime(config: Config, options: WorkerRuntimeOptions): Promise<WorkerRuntime> {
  const taskQueue = options.taskQueue ?? config.TEMPORAL_TASK_QUEUE;
  const workerDeps = createWorkerDeps(config, options.orm, {
    encryptionKey: options.encryptionKey,
    search: options.search,
    logger: options.logger,
    temporal: options.temporal,
  });
  // Search's follow-up waits for this process's ingestion, paging and relay to go quiet (watched below).
  const followUpPacer = createFollowUpPacer();
  // Built once: pages are sent, and their messages updated, through the same channels.
  const deps = {
    ...workerDeps,
    channels: options.channels ?? createPageChannels(workerDeps),
    followUpPace: (whileWaiting: () => void) => followUpPacer.pace(whileWaiting),
  };
  const workflowBundle = await bundleWorkflows(options.overrides);
  const common = { connection: options.connection, namespace: config.TEMPORAL_NAMESPACE, deps, workflowBundle };
  const followUpSlots = config.FOLLOW_UP_CONCURRENCY;
  // Follow-up (indexing, embedding, analysis) on a queue of its own with FOLLOW_UP_CONCURRENCY activity
  // slots: a backlog of it waits there, never in ingestion's or paging's slots. 0: another process serves it.
  const createFollowUpWorker = () =>
    createWorker({
      ...common,
      taskQueue: followUpTaskQueue(taskQueue),
      overrides: {
        ...options.overrides,
        maxConcurrentWorkflowTaskExecutions: 2,
        maxConcurrentActivityTaskExecutions: followUpSlots,
        maxConcurrentLocalActivityExecutions: 1,
      },
    });
  if (config.WORKER_ROLE === 'follow-up') return followUpRuntime(await createFollowUpWorker(), deps, options.logger);
  // Created together: each loads the workflow code into a context of its own, and that is most of a
  // worker's start.
  const [worker, pagingWorker, tenantJobsWorker, followUpWorker] = await Promise.all([
    // Ingestion: slots for busy buckets and polls alike, so a new bucket's first task never waits (0028).
    createWorker({ ...common, taskQueue, overrides: { ...INGESTION_WORKER_TUNING, ...options.overrides } }),
    // Escalations on a queue of their own, with slots of their own: paging never queues behind ingestion.
    // Each level's local activity holds its workflow task slot while it pages, so slots are many here.
    createWorker({
      ...common,
      taskQueue: pagingTaskQueue(taskQueue),
      overrides: { ...options.overrides, maxConcurrentWorkflowTaskExecutions: 32 },
    }),
    // Calendar refreshes (a tenant's input, on a schedule) on a queue of their own with two slots of
    // each kind: however many or costly they are, they hold at most these, never paging's or ingestion's.
    createWorker({
      ...common,
      taskQueue: tenantJobsTaskQueue(taskQueue),
      overrides: {
        ...options.overrides,
        maxConcurrentWorkflowTaskExecutions: TENANT_JOB_SLOTS,
        maxConcurrentActivityTaskExecutions: TENANT_JOB_SLOTS,
        maxConcurrentLocalActivityExecutions: TENANT_JOB_SLOTS,
      },
    }),
    followUpSlots > 0 ? createFollowUpWorker() : undefined,
  ]);
  const relay = startOutboxRelay({
    orm: options.orm,
    // Routing rules, kept per organization and dropped on their NOTIFY; shared with ingestion's grouping.
    routingRules: deps.routingRules,
    // On the workers' own connection: an escalation or a notification mail the relay starts gets its
    // first task from the start's answer (eager start), from this process's worker, instead of a poll.
    temporal: new Client({
      connection: options.connection,
      namespace: config.TEMPORAL_NAMESPACE,
      interceptors: options.temporal.options.interceptors,
      // What Temporal UI shows as the starter of the relay's workflows (and of an eager first task).
      identity: `${options.temporal.options.identity} outbox relay`,
    }),
    eagerStarts: true,
    taskQueue,
    logger: options.logger,
    indexSearch: options.search !== undefined,
    publicUrl: config.publicUrl,
    pageUpdateKinds: updatableKinds(deps.channels),
    // New incidents' first pages go out from the relay's batch, before their escalation's workflow starts.
    pageFirstLevel: createFirstLevelPager({ escalateLevel: createEscalationActivities(deps).escalateLevel, logger: options.logger }),
    // Woken as events commit; without DATABASE_URL (embedded database) only the idle poll.
    listen: config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : undefined,
    ...(options.relayIdleMs !== undefined ? { idleMs: options.relayIdleMs } : {}),
  });
  for (const critical of [worker, pagingWorker]) followUpPacer.watch(() => workerIsBusy(critical));
  followUpPacer.watch(relay.busy);
  // The Matrix bots read their rooms (replies and reactions to pages) beside the worker.
  const matrixSync = startWorkerMatrixSync(config, { ...options, taskQueue, secretBox: deps.secretBox });
  const workers = [worker, pagingWorker, tenantJobsWorker, ...(followUpWorker ? [followUpWorker] : [])];
  return runtimeOf(workers, relay, async () => {
    await relay.stop();
    await matrixSync.stop();
    await closeWorkerDeps(deps, options.logger);
  });
}

type WorkerDeps = ReturnType<typeof createWorkerDeps>;

/** A follow-up worker process (WORKER_ROLE=follow-up): the follow-up queue's worker alone, no relay. */
function followUpRuntime(worker: Worker, deps: WorkerDeps, logger: Logger): WorkerRuntime {
  return runtimeOf([worker], undefined, () => closeWorkerDeps(deps, logger));
}

async function closeWorkerDeps(deps: WorkerDeps, logger: Logger): Promise<void> {
  await deps.integrationLiveness
    .stop()
    .catch((error: unknown) => logger.warn({ err: error }, 'could not write the last integration liveness'));
  await deps.muteRules.close();
  await deps.routingRules.close();
  await deps.groupingRules.close();
  deps.mailer?.close?.();
}

/**
 * Runs the workers until any ends (shut down or failed), then shuts the others down; whatever ends
 * them (or a runtime that never ran) runs `cleanup` (the relay, the liveness writer) once.
 */
function runtimeOf(workers: Worker[], relay: WorkerRuntime['relay'], cleanup: () => Promise<void>): WorkerRuntime {
  const stopAfter = async (work: Promise<void>) => {
    try {
      await work;
    } finally {
      await cleanup();
    }
  };
  const shutdown = () => {
    for (const each of workers) if (each.getState() === 'RUNNING') each.shutdown();
  };
  const runWorkers = async () => {
    const runs = workers.map((each) => each.run());
    await Promise.race(runs).catch(() => undefined);
    shutdown();
    const failed = (await Promise.allSettled(runs)).find((result) => result.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  };
  let running: Promise<void> | undefined;
  return {
    worker: workers[0] as Worker,
    relay,
    run: () => (running ??= stopAfter(runWorkers())),
    async stop() {
      shutdown();
      await (running ??= stopAfter(Promise.resolve()));
    },
  };
}
