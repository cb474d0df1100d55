import type { WorkerOptions } from '@temporalio/worker';

/** Where global setup leaves the workflow bundle every test file's worker loads. */
export const SHARED_WORKFLOW_BUNDLE_ENV = 'TOCSIN_TEST_WORKFLOW_BUNDLE';

/**
 * For the workflow tests' workers (mocked activities, a worker per test): workflows run in the
 * test's own thread (the SDK's debug mode), in the same reused sandbox as in production, instead of
 * a thread that loads the SDK again (about half a second of CPU here) for each worker. The stacks
 * keep production's threads: on the test's thread, storms and paging under load ran slower than
 * their tests allow. Debug mode lifts the SDK's 5 s deadlock timeout: a workflow stuck in a loop
 * fails its test by the test's timeout instead.
 */
export const IN_THREAD_WORKFLOWS = { debugMode: true } satisfies Partial<WorkerOptions>;

/**
 * The worker overrides with the run's shared workflow bundle, unless the test brings workflow code
 * of its own (a path, a bundle, or workflow interceptors, which are part of the bundle).
 */
export function withSharedWorkflowBundle(overrides: Partial<WorkerOptions> = {}): Partial<WorkerOptions> {
  const codePath = process.env[SHARED_WORKFLOW_BUNDLE_ENV];
  if (!codePath || overrides.workflowsPath || overrides.workflowBundle || overrides.interceptors?.workflowModules) return overrides;
  return { ...overrides, workflowBundle: { codePath } };
}
