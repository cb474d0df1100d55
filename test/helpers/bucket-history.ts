import { setTimeout as delay } from 'node:timers/promises';
import type { WorkflowHandle } from '@temporalio/client';
import type protoPackage from '@temporalio/proto';
import { waitFor } from '../../dev/wait-for.ts';

type History = protoPackage.temporal.api.history.v1.IHistory;

/** A run's timers as its history records them: each started one's duration (ms) and how many fired. */
export function timersOf(history: History): { started: number[]; fired: number } {
  const events = history.events ?? [];
  const started = events.flatMap((event) => {
    const timeout = event.timerStartedEventAttributes?.startToFireTimeout;
    return timeout ? [Number(timeout.seconds ?? 0) * 1000 + Math.round((timeout.nanos ?? 0) / 1e6)] : [];
  });
  return { started, fired: events.filter((event) => event.timerFiredEventAttributes).length };
}

/**
 * Waits until at least `fired` timers fired and none is pending: a bucket's idle watcher has seen
 * the whole idle period pass (and flagged the run idle) without arming another timer.
 */
export function waitForIdleTimersFired(handle: WorkflowHandle, fired: number): Promise<true> {
  return waitFor(
    `${fired} idle timers fired, none pending`,
    async () => {
      const timers = timersOf(await handle.fetchHistory());
      return timers.fired >= fired && timers.started.length === timers.fired ? true : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 100 },
  );
}

/**
 * Resolves half-way through the quiet period that the run's first idle timer measures: a batch
 * ending then leaves the timer to fire while the bucket is still within its idle period.
 */
export async function halfWayThroughFirstTimer(handle: WorkflowHandle, idleMs: number): Promise<void> {
  const startedAt = await waitFor(
    'the first idle timer started',
    async () => {
      const event = (await handle.fetchHistory()).events?.find((candidate) => candidate.timerStartedEventAttributes);
      return event?.eventTime ? Number(event.eventTime.seconds ?? 0) * 1000 + Math.round((event.eventTime.nanos ?? 0) / 1e6) : undefined;
    },
    { timeoutMs: 20_000, intervalMs: 20 },
  );
  await delay(Math.max(0, startedAt + idleMs / 2 - Date.now()));
}
