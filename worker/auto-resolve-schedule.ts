import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import { workflowIds } from '../shared/temporal/ids.ts';

/** How often idle alert-opened incidents are looked for: an incident resolves at most this late. */
export const AUTO_RESOLVE_SWEEP_EVERY = '1 minute';

/**
 * Creates the task queue's auto-resolve schedule unless it exists (every worker calls it at start;
 * the first creates it). Returns whether it created it.
 */
export async function ensureAutoResolveSchedule(client: Client, taskQueue: string): Promise<boolean> {
  try {
    await client.schedule.create({
      scheduleId: workflowIds.autoResolveSchedule(taskQueue),
      spec: { intervals: [{ every: AUTO_RESOLVE_SWEEP_EVERY }] },
      action: {
        type: 'startWorkflow',
        workflowType: 'autoResolveSweepWorkflow',
        workflowId: workflowIds.autoResolveSchedule(taskQueue),
        taskQueue,
        args: [],
      },
      // A sweep still working through a backlog is not doubled by the next minute's.
      policies: { overlap: ScheduleOverlapPolicy.SKIP },
    });
    return true;
  } catch (error) {
    if (error instanceof ScheduleAlreadyRunning) return false;
    throw error;
  }
}
