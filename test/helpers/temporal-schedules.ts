import { ScheduleNotFoundError, type ScheduleDescription, type ScheduleHandle } from '@temporalio/client';
import { waitFor } from '../../dev/wait-for.ts';

// Describing a schedule queries its scheduler workflow: on a busy server the answer can miss the
// call's deadline for a while, so tests poll it instead of asking once.

/** The schedule's description, once Temporal answers. */
export const describedSchedule = (handle: ScheduleHandle, timeoutMs = 30_000): Promise<ScheduleDescription> =>
  waitFor(`the description of schedule ${handle.scheduleId}`, () => handle.describe(), { timeoutMs });

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
