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
    // Few concurrent workflow tasks (default 40). An alert storm keeps every ingestion workflow busy;
    // with 40 tasks in flight on a few cores, each carries 2-3 alerts. With 8, tasks wait on the
    // server while more signals arrive, so each task, and its one transaction, carries several times
    // more. Measured on 2 cores (storms of 5,000-10,000 alerts over 100 keys): 2.6 alerts per task and
    // 4.3-4.6 ms worker CPU per alert with 40; 8-10 alerts per task and 2.2-2.9 ms with 4-10; Temporal
    // server CPU per alert 2.5-2.9 -> 1.9-2.4 ms. 8 also fits the database pool (DATABASE_POOL_MAX 10),
    // which the ingestion local activities, run within these tasks, share with the outbox relay.
    maxConcurrentWorkflowTaskExecutions: 8,
    // A new incident is a new workflow whose first task comes from the normal (non-sticky) queue.
    // At the default ratio (0.2) one of the 8 pollers serves that queue, and new incidents at only
    // 30 alerts/s took 1.4 s (p50) to open; with half the pollers, 0.18 s, while a 10,000-alert
    // storm drains in 33 s instead of 30 s (bench:ingest, 2 cores). 40 slots: 0.07 s and 39 s.
    nonStickyToStickyPollRatio: 0.5,
    ...options.overrides,
  });
}
