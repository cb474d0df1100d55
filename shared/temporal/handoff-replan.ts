import type { Client } from '@temporalio/client';
import { tenantJobsTaskQueue, workflowIds, workflowSearchAttributes } from './ids.ts';

/**
 * Tells the organization's handoff-notice workflow to plan again, starting it when it is not
 * running: after a schedule or override changed, or a member changed their handoff choices.
 */
export async function replanHandoffNotices(
  temporal: Client,
  /** `taskQueue`: the deployment's base queue; the workflow runs with tenant jobs (schedules are tenant input). */
  options: { taskQueue: string; organizationId: string; publicUrl: string },
): Promise<void> {
  await temporal.workflow.signalWithStart('handoffNoticesWorkflow', {
    taskQueue: tenantJobsTaskQueue(options.taskQueue),
    workflowId: workflowIds.handoffNotices(options.organizationId),
    args: [{ organizationId: options.organizationId, publicUrl: options.publicUrl }],
    signal: 'handoffReplan',
    signalArgs: [],
    typedSearchAttributes: workflowSearchAttributes({ organizationId: options.organizationId }),
  });
}
