import type { WorkerOptions } from '@temporalio/worker';

/** Where global setup leaves the workflow bundle every test file's worker loads. */
export const SHARED_WORKFLOW_BUNDLE_ENV = 'TOCSIN_TEST_WORKFLOW_BUNDLE';

/**
 * The worker overrides with the run's shared workflow bundle, unless the test brings workflow code
 * of its own (a path, a bundle, or workflow interceptors, which are part of the bundle).
 */
export function withSharedWorkflowBundle(overrides: Partial<WorkerOptions> = {}): Partial<WorkerOptions> {
  const codePath = process.env[SHARED_WORKFLOW_BUNDLE_ENV];
  if (!codePath || overrides.workflowsPath || overrides.workflowBundle || overrides.interceptors?.workflowModules) return overrides;
  return { ...overrides, workflowBundle: { codePath } };
}
