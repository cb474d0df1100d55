import { ScheduleAlreadyRunning, ScheduleNotFoundError, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import { forEachBounded } from '../shared/bounded.ts';
import { allIcalFeeds } from '../shared/db/access/schedule-ical-feeds.ts';
import type { Orm } from '../shared/db/orm.ts';
import { ICAL_REFRESH_INTERVAL, type IcalRefreshInput } from '../shared/domain/schedule-ical-layer.ts';
import { workflowIds } from '../shared/temporal/ids.ts';
import type { icalRefreshWorkflow } from '../workflows/ical-refresh.workflow.ts';

/**
 * Creates the Temporal Schedule refreshing one `ical` layer unless it exists. One per layer: each
 * has its own URL, cadence and failures, and goes with its layer alone. Returns whether it created it.
 */
export async function ensureIcalRefreshSchedule(client: Client, taskQueue: string, input: IcalRefreshInput): Promise<boolean> {
  const args: Parameters<typeof icalRefreshWorkflow> = [input];
  try {
    await client.schedule.create({
      scheduleId: workflowIds.icalRefreshSchedule(input.layerId),
      spec: { intervals: [{ every: ICAL_REFRESH_INTERVAL }], jitter: '1 minute' },
      action: {
        type: 'startWorkflow',
        workflowType: 'icalRefreshWorkflow',
        workflowId: workflowIds.icalRefreshSchedule(input.layerId),
        taskQueue,
        args,
      },
      // A slow calendar is not fetched twice at once; after an outage one fetch catches up, not many.
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 minute' },
    });
    return true;
  } catch (error) {
    if (error instanceof ScheduleAlreadyRunning) return false;
    throw error;
  }
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
 * started afresh, a relay batch lost with it), so no layer silently stops refreshing.
 */
export async function ensureAllIcalRefreshSchedules(deps: { orm: Orm; client: Client; taskQueue: string }): Promise<number> {
  const feeds = await allIcalFeeds(deps.orm.em.fork());
  let created = 0;
  await forEachBounded(feeds, 8, async (feed) => {
    const input = { organizationId: feed.organization_id, scheduleId: feed.schedule_id, layerId: feed.id };
    if (await ensureIcalRefreshSchedule(deps.client, deps.taskQueue, input)) created += 1;
  });
  return created;
}
