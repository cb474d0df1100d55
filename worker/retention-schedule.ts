import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import { workflowIds } from '../shared/temporal/ids.ts';

/**
 * Creates the daily retention schedule of the task queue unless it exists: every worker calls it
 * at start, the first one creates it, the others find it. Returns whether it created it.
 */
export async function ensureRetentionSchedule(client: Client, taskQueue: string): Promise<boolean> {
  try {
    await client.schedule.create({
      scheduleId: workflowIds.retentionSchedule(taskQueue),
      spec: { intervals: [{ every: '1 day' }] },
      action: { type: 'startWorkflow', workflowType: 'retentionWorkflow', taskQueue, args: [] },
      // A run still deleting a large backlog is not doubled by the next day's.
      policies: { overlap: ScheduleOverlapPolicy.SKIP },
    });
    return true;
  } catch (error) {
    if (error instanceof ScheduleAlreadyRunning) return false;
    throw error;
  }
}
