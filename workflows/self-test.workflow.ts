import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { SelfTestInput } from '../shared/domain/self-test.ts';
import { dbActivityOptions } from './activity-options.ts';

const { completeSelfTestRun } = proxyActivities<Activities>(dbActivityOptions);

/** Proves the pipeline end to end: the API started it, a worker ran it, an activity wrote the result. */
export async function selfTestWorkflow(input: SelfTestInput): Promise<void> {
  await completeSelfTestRun(input);
}
