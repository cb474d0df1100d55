import { ScheduleNotFoundError, type ScheduleDescription, type ScheduleHandle, type ScheduleUpdateOptions } from '@temporalio/client';
import { waitFor } from '../../dev/wait-for.ts';

// Describing a schedule queries its scheduler workflow: on a busy server the answer can miss the
// call's deadline for a while, so tests poll it instead of asking once.

/** The schedule's description, once Temporal answers. */
export const describedSchedule = (handle: ScheduleHandle, timeoutMs = 30_000): Promise<ScheduleDescription> =>
  waitFor(`the description of schedule ${handle.scheduleId}`, () => handle.describe(), { timeoutMs });

/** Updates the schedule, asking again while its description (which an update reads first) is not answered. */
export const updatedSchedule = (
  handle: ScheduleHandle,
  update: (previous: ScheduleUpdateOptions) => ScheduleUpdateOptions,
  timeoutMs = 30_000,
): Promise<true> =>
  waitFor(`an update of schedule ${handle.scheduleId}`, async () => (await handle.update(update), true as const), { timeoutMs });

/** Resolves once Temporal says the schedule does not exist. */
export const scheduleGone = (handle: ScheduleHandle, timeoutMs = 30_000): Promise<true> =>
  waitFor(
    `schedule ${handle.scheduleId} to go`,
    async () => {
      try {
        await handle.describe();
        return undefined;
      } catch (error) {
        if (error instanceof ScheduleNotFoundError) return true;
        throw error;
      }
    },
    { timeoutMs },
  );
