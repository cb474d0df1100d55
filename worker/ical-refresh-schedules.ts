import { ScheduleAlreadyRunning, ScheduleNotFoundError, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import { forEachBounded } from '../shared/bounded.ts';
import { allIcalFeeds } from '../shared/db/access/schedule-ical-feeds.ts';
import type { Orm } from '../shared/db/orm.ts';
import { ICAL_REFRESH_INTERVAL, type IcalRefreshInput } from '../shared/domain/schedule-ical-layer.ts';
import { tenantJobsTaskQueue, workflowIds } from '../shared/temporal/ids.ts';
import type { icalRefreshWorkflow } from '../workflows/ical-refresh.workflow.ts';

/** What ensureIcalRefreshSchedule did: made the schedule, pointed an existing one at the right queue, or nothing. */
export type IcalScheduleEnsured = 'created' | 'moved' | 'unchanged';

/**
 * Creates the Temporal Schedule refreshing one `ical` layer unless it exists. One per layer: each
 * has its own URL, cadence and failures, and goes with its layer alone. Its runs go to the tenant-jobs
 * queue of `taskQueue` (the worker's main queue); a schedule made before that queue existed is moved.
 */
export async function ensureIcalRefreshSchedule(client: Client, taskQueue: string, input: IcalRefreshInput): Promise<IcalScheduleEnsured> {
  const args: Parameters<typeof icalRefreshWorkflow> = [input];
  const queue = tenantJobsTaskQueue(taskQueue);
  const scheduleId = workflowIds.icalRefreshSchedule(input.layerId);
  try {
    await client.schedule.create({
      scheduleId,
      spec: { intervals: [{ every: ICAL_REFRESH_INTERVAL }], jitter: '1 minute' },
      action: {
        type: 'startWorkflow',
        workflowType: 'icalRefreshWorkflow',
        workflowId: scheduleId,
        taskQueue: queue,
        args,
      },
      // A slow calendar is not fetched twice at once; after an outage one fetch catches up, not many.
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 minute' },
    });
    return 'created';
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
  }
  const handle = client.schedule.getHandle(scheduleId);
  const { action } = await handle.describe();
  if (action.type !== 'startWorkflow' || action.taskQueue === queue) return 'unchanged';
  await handle.update((previous) => ({ ...previous, action: { ...previous.action, taskQueue: queue } }));
  return 'moved';
}

/** Deletes an `ical` layer's refresh schedule; one already gone is no error. */
export async function removeIcalRefreshSchedule(client: Client, layerId: string): Promise<void> {
  try {
    await client.schedule.getHandle(workflowIds.icalRefreshSchedule(layerId)).delete();
  } catch (error) {
    if (!(error instanceof ScheduleNotFoundError)) throw error;
  }
}

/**
 * At worker start: a refresh schedule for every `ical` layer that has none (a Temporal server
 * started afresh, a relay batch lost with it), so no layer silently stops refreshing, and every
 * schedule still starting its runs on the main queue moved to the tenant-jobs queue.
 */
export async function ensureAllIcalRefreshSchedules(deps: {
  orm: Orm;
  client: Client;
  taskQueue: string;
}): Promise<{ created: number; moved: number }> {
  const feeds = await allIcalFeeds(deps.orm.em.fork());
  const counts = { created: 0, moved: 0, unchanged: 0 };
  await forEachBounded(feeds, 8, async (feed) => {
    const input = { organizationId: feed.organization_id, scheduleId: feed.schedule_id, layerId: feed.id };
    counts[await ensureIcalRefreshSchedule(deps.client, deps.taskQueue, input)] += 1;
  });
  return { created: counts.created, moved: counts.moved };
}
