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

/** Builds the Temporal worker for Tocsin's task queue; tests use it with their own connection. */
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
    // Few concurrent workflow tasks, so signals pile up while a task runs and each task (one
    // transaction) carries many alerts; 8 also fits the database pool the local activities share.
    // Figures: docs/benchmarks.md, "bench:ingest".
    maxConcurrentWorkflowTaskExecutions: 8,
    // A new incident's first task comes from the normal (non-sticky) queue: half the pollers serve it
    // so new incidents are not starved behind busy ingestion workflows.
    nonStickyToStickyPollRatio: 0.5,
    ...overrides,
  });
}
