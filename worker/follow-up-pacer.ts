import type { Worker } from '@temporalio/worker';

/**
 * How search's follow-up yields: before each unit of its work (a pass's indexing, an incident's
 * searches) it waits until the critical path of its process has been seen idle for `quietMs`
 * (checked every `pollMs`), for at most `maxWaitMs`, so that it takes the cycles ingestion and
 * paging leave yet never stops for good. One idle check is not enough: under a steady stream of
 * pages the workers are idle between tasks more often than not, while their Temporal server and
 * database are busy with the next ones.
 */
export const FOLLOW_UP_PACE = { pollMs: 20, quietMs: 100, maxWaitMs: 1_000 } as const;

export interface FollowUpPacer {
  /** Adds a check of the critical path; with none (a follow-up worker process) `pace` never waits. */
  watch(busy: () => boolean): void;
  /**
   * Resolves once no check has said busy for `quietMs` (at once when none has lately), or after
   * `maxWaitMs`; `whileWaiting` runs at each check it waits through. Returns the ms waited.
   */
  pace(whileWaiting?: () => void): Promise<number>;
}

export function createFollowUpPacer(
  options: { pollMs?: number; quietMs?: number; maxWaitMs?: number; now?: () => number; sleep?: (ms: number) => Promise<void> } = {},
): FollowUpPacer {
  const { pollMs, quietMs, maxWaitMs } = { ...FOLLOW_UP_PACE, ...options };
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const checks: Array<() => boolean> = [];
  // When a check last said busy; only pace's own checks see it, so an idle process never waits.
  let busySeenAt = -Infinity;
  const quiet = () => {
    if (checks.some((check) => check())) busySeenAt = now();
    return now() - busySeenAt >= quietMs;
  };
  return {
    watch: (check) => void checks.push(check),
    async pace(whileWaiting) {
      const start = now();
      while (!quiet()) {
        const waited = now() - start;
        if (waited >= maxWaitMs) break;
        whileWaiting?.();
        await sleep(Math.min(pollMs, maxWaitMs - waited));
      }
      return now() - start;
    },
  };
}

/** Whether a worker is running a workflow task or an activity (local ones included) right now. */
export function workerIsBusy(worker: Pick<Worker, 'getStatus'>): boolean {
  const status = worker.getStatus();
  return status.numInFlightWorkflowActivations > 0 || status.numInFlightActivities > 0;
}
