import type { Worker } from '@temporalio/worker';

/**
 * How search's follow-up yields: before each unit of its work (a pass's indexing, an incident's
 * searches) it waits while the critical path of its process is busy, checking every `pollMs`, for at
 * most `maxWaitMs`, so that it takes the cycles ingestion and paging leave yet never stops for good.
 */
export const FOLLOW_UP_PACE = { pollMs: 20, maxWaitMs: 1_000 } as const;

export interface FollowUpPacer {
  /** Adds a check of the critical path; with none (a follow-up worker process) `pace` never waits. */
  watch(busy: () => boolean): void;
  /** Resolves once no check says busy, or after `maxWaitMs`; `whileWaiting` runs at each check it waits through. Returns the ms waited. */
  pace(whileWaiting?: () => void): Promise<number>;
}

export function createFollowUpPacer(
  options: { pollMs?: number; maxWaitMs?: number; now?: () => number; sleep?: (ms: number) => Promise<void> } = {},
): FollowUpPacer {
  const pollMs = options.pollMs ?? FOLLOW_UP_PACE.pollMs;
  const maxWaitMs = options.maxWaitMs ?? FOLLOW_UP_PACE.maxWaitMs;
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const checks: Array<() => boolean> = [];
  const busy = () => checks.some((check) => check());
  return {
    watch: (check) => void checks.push(check),
    async pace(whileWaiting) {
      const start = now();
      while (busy()) {
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
