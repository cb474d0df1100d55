import { randomUUID } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/common';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker, type WorkflowBundleOption } from '@temporalio/worker';
import { createActivities, type Activities, type ActivityDeps } from '../../activities/index.ts';
import { bundleWorkflows } from '../../worker/worker.ts';
import { installQuietTemporalRuntime } from './quiet-temporal-runtime.ts';
import { withSharedWorkflowBundle } from './shared-workflow-bundle.ts';
import { TEST_ENV } from './test-services.ts';

/**
 * Stand-ins for the activities a workflow test is about, typed against the real ones: when an
 * activity's signature changes, the test stops compiling instead of testing a workflow against
 * an activity that no longer exists in that shape.
 */
export type ActivityMocks = Partial<Activities>;

export interface WorkflowTestEnv {
  env: TestWorkflowEnvironment;
  /** The real workflows, bundled once, for a test that runs workers of its own. */
  bundle: WorkflowBundleOption;
  /** Runs `body` with a worker on a task queue of its own, serving the real workflows and `mocks`. */
  withWorker<T>(mocks: ActivityMocks, body: (taskQueue: string) => Promise<T>): Promise<T>;
  teardown(): Promise<void>;
}

// The factories only close over their deps, so this lists every activity name without building any.
const ACTIVITY_NAMES = Object.keys(createActivities({} as ActivityDeps)) as Array<keyof Activities>;

/**
 * Every activity the test did not mock fails at once, non-retryably: an unexpected call fails the
 * workflow (and the test) instead of retrying until the test's deadline.
 */
function strictActivities(mocks: ActivityMocks): Record<string, (...args: unknown[]) => Promise<unknown>> {
  const unexpected = (name: string) => async () => {
    throw ApplicationFailure.nonRetryable(`unexpected call of activity ${name}`, 'UnexpectedActivity');
  };
  return Object.fromEntries(
    ACTIVITY_NAMES.map((name) => [name, (mocks[name] as ((...args: unknown[]) => Promise<unknown>) | undefined) ?? unexpected(name)]),
  );
}

/**
 * The real workflows on the Temporal server of the integration run (the dev server the global
 * setup starts, or TEMPORAL_ADDRESS). The time-skipping test server is not used: the SDK downloads
 * it on first use, which a machine without internet access cannot, so timers take real time and
 * the tests keep theirs to a few seconds.
 */
export async function startWorkflowTestEnv(): Promise<WorkflowTestEnv> {
  const address = process.env[TEST_ENV.temporalAddress];
  if (!address) throw new Error(`${TEST_ENV.temporalAddress} is not set: run this test in the integration project`);
  installQuietTemporalRuntime();
  const bundle = await bundleWorkflows(withSharedWorkflowBundle());
  const env = await TestWorkflowEnvironment.createFromExistingServer({ address });
  return {
    env,
    bundle,
    async withWorker(mocks, body) {
      const taskQueue = `wf-test-${randomUUID()}`;
      const worker = await Worker.create({
        // Workflows on this thread (the SDK's debug mode, same reused sandbox): a worker thread per
        // test would load the SDK again. Debug mode lifts the 5 s deadlock timeout; the test's own applies.
        debugMode: true,
        connection: env.nativeConnection,
        taskQueue,
        workflowBundle: bundle,
        activities: strictActivities(mocks),
      });
      return worker.runUntil(body(taskQueue));
    },
    teardown: () => env.teardown(),
  };
}
