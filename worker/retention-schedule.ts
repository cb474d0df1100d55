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

export interface BackgroundAttempts {
  /** Resolves once the task succeeded or stop() was called. */
  readonly settled: Promise<void>;
  stop(): void;
}

/**
 * Runs `attempt` until it succeeds, waiting longer after each failure (up to `maxDelayMs`), without
 * holding up the caller: a Temporal server slow to answer while the worker starts (a storm, a
 * restart) must not end the worker over a schedule that can just as well be created a minute later.
 */
export function retryInBackground(
  attempt: () => Promise<unknown>,
  options: { onFailure: (error: unknown, attempt: number) => void; initialDelayMs?: number; maxDelayMs?: number },
): BackgroundAttempts {
  let stopped = false;
  let wake: () => void = () => {};
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const settled = (async () => {
    let delay = options.initialDelayMs ?? 1_000;
    for (let count = 1; !stopped; count += 1) {
      try {
        await attempt();
        return;
      } catch (error) {
        options.onFailure(error, count);
      }
      await pause(delay);
      delay = Math.min(delay * 2, options.maxDelayMs ?? 60_000);
    }
  })();
  return {
    settled,
    stop() {
      stopped = true;
      wake();
    },
  };
}
