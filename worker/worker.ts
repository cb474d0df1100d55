import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode, type NativeConnection, Worker, type WorkerOptions, type WorkflowBundleOption } from '@temporalio/worker';
import { createActivities, type ActivityDeps } from '../activities/index.ts';

export const WORKFLOWS_PATH = fileURLToPath(new URL('../workflows/index.ts', import.meta.url));

/**
 * The workflow code bundled once for every worker of a process: each bundle is a webpack build (a
 * second or more of CPU), and one process runs a worker per task queue. Interceptor modules (tracing)
 * are part of the bundle, so they are given here.
 */
export async function bundleWorkflows(overrides: Partial<WorkerOptions> = {}): Promise<WorkflowBundleOption> {
  if (overrides.workflowBundle) return overrides.workflowBundle;
  const quiet = { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} };
  const { code } = await bundleWorkflowCode({
    workflowsPath: WORKFLOWS_PATH,
    workflowInterceptorModules: overrides.interceptors?.workflowModules,
    logger: quiet,
  });
  return { code };
}

/**
 * The ingestion queue's workflow task slots and polls. A bucket under a storm keeps its slot from
 * one task to the next (each completion brings its next task back), and every poll holds a slot
 * while it waits: the slots outnumber two integrations' busy buckets plus the polls, so a poll is
 * always left on the normal queue, where a new bucket's first task waits (decision 0028). Local
 * activities (the batches' transactions, sharing the database pool with the outbox relay) stay at
 * eight at once, as when the slots were eight.
 */
export const INGESTION_WORKER_TUNING = {
  maxConcurrentWorkflowTaskExecutions: 16,
  workflowTaskPollerBehavior: { type: 'simple-maximum', maximum: 4 },
  // Two of the four polls on the normal queue (as createWorker's default), two sticky.
  nonStickyToStickyPollRatio: 0.5,
  maxConcurrentLocalActivityExecutions: 8,
} as const satisfies Partial<WorkerOptions>;

/** Builds a Temporal worker for one of Tocsin's task queues; tests use it with their own connection. */
export async function createWorker(options: {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  deps: ActivityDeps;
  /** The workflow code (bundleWorkflows); without it this worker bundles its own. */
  workflowBundle?: WorkflowBundleOption;
  overrides?: Partial<WorkerOptions>;
}): Promise<Worker> {
  // A bundle already holds the workflow interceptor modules; the SDK warns when given them again.
  const overrides =
    options.workflowBundle && options.overrides?.interceptors
      ? { ...options.overrides, interceptors: { ...options.overrides.interceptors, workflowModules: undefined } }
      : options.overrides;
  return Worker.create({
    connection: options.connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    ...(options.workflowBundle ? { workflowBundle: options.workflowBundle } : { workflowsPath: WORKFLOWS_PATH }),
    activities: createActivities(options.deps),
    // A new workflow's first task comes from the normal (non-sticky) queue: half the polls serve it.
    // Each queue's slots come with its overrides (INGESTION_WORKER_TUNING for ingestion).
    nonStickyToStickyPollRatio: 0.5,
    ...overrides,
  });
}
