import { fileURLToPath } from 'node:url';
import { type NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { createActivities, type ActivityDeps } from '../activities/index.ts';

export const WORKFLOWS_PATH = fileURLToPath(new URL('../workflows/index.ts', import.meta.url));

/** Builds the Temporal worker for Tocsin's task queue; tests use it with their own connection. */
export async function createWorker(options: {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  deps: ActivityDeps;
  overrides?: Partial<WorkerOptions>;
}): Promise<Worker> {
  return Worker.create({
    connection: options.connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    workflowsPath: WORKFLOWS_PATH,
    activities: createActivities(options.deps),
    // Few concurrent workflow tasks, so signals pile up while a task runs and each task (one
    // transaction) carries many alerts; 8 also fits the database pool the local activities share.
    // Figures: docs/benchmarks.md, "bench:ingest".
    maxConcurrentWorkflowTaskExecutions: 8,
    // A new incident's first task comes from the normal (non-sticky) queue: half the pollers serve it
    // so new incidents are not starved behind busy ingestion workflows.
    nonStickyToStickyPollRatio: 0.5,
    ...options.overrides,
  });
}
