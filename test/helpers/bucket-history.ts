import { writeFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { expect } from '@jest/globals';
import type { WorkflowHandle } from '@temporalio/client';
import protoPackage from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import { waitFor } from '../../dev/wait-for.ts';
import { WORKFLOWS_PATH } from '../../worker/worker.ts';
import { installQuietTemporalRuntime } from './quiet-temporal-runtime.ts';
import { readRecordedHistory } from './recorded-history.ts';

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
 * Resolves once the workflow itself has taken the `passes`-th pass's end (a workflow task completed
 * after that activity; local activities do not count), not just once the activity ran: a signal
 * reaching the task that takes that end joins its loop of passes, and the quiet period would still
 * date from the pass before.
 */
export function passesEndedInWorkflow(handle: WorkflowHandle, passes: number): Promise<true> {
  return waitFor(
    `${passes} passes ended in the workflow`,
    async () => {
      const events = (await handle.fetchHistory()).events ?? [];
      const last = events.findLastIndex((event) => event.activityTaskCompletedEventAttributes);
      const ended = events.filter((event) => event.activityTaskCompletedEventAttributes).length;
      return ended >= passes && events.slice(last).some((event) => event.workflowTaskCompletedEventAttributes) ? true : undefined;
    },
    { timeoutMs: 20_000, intervalMs: 20 },
  );
}

/**
 * Resolves `afterMs` after the run's first idle timer started (by the server's clock): a batch that
 * ends then leaves the timer to fire while the bucket is still within its idle period.
 */
export async function afterFirstTimerStarted(handle: WorkflowHandle, afterMs: number): Promise<void> {
  const startedAt = await waitFor(
    'the first idle timer started',
    async () => {
      const event = (await handle.fetchHistory()).events?.find((candidate) => candidate.timerStartedEventAttributes);
      return event?.eventTime ? Number(event.eventTime.seconds ?? 0) * 1000 + Math.round((event.eventTime.nanos ?? 0) / 1e6) : undefined;
    },
    { timeoutMs: 20_000, intervalMs: 20 },
  );
  await delay(Math.max(0, startedAt + afterMs - Date.now()));
}

/**
 * A bucket run that went quiet mid-way through its first idle period, then ran a batch longer than
 * the idle period: its first timer, the remainder re-armed after the later batch, a full period
 * after the slow batch, and its end.
 */
export function expectIdleTimers(history: History, idleMs: number): void {
  const { started } = timersOf(history);
  expect(started).toEqual([idleMs, started[1], idleMs]);
  expect(started[1]).toBeLessThan(idleMs);
  expect(history.events?.some((event) => event.workflowExecutionCompletedEventAttributes)).toBe(true);
}

/** Writes `history` as a replay fixture when RECORD_HISTORIES=1: fixtures come from the code of their day. */
export async function recordHistoryWhenAsked(file: URL, history: History): Promise<void> {
  if (process.env.RECORD_HISTORIES !== '1') return;
  await writeFile(file, `${JSON.stringify(protoPackage.temporal.api.history.v1.History.fromObject(history).toJSON(), null, 1)}\n`);
}

/** Replays a recorded idle history on today's workflows: it must still be of that shape and raise no non-determinism. */
export async function replayIdleHistory(file: URL, idleMs: number): Promise<void> {
  const history = await readRecordedHistory(file);
  expectIdleTimers(history, idleMs);
  installQuietTemporalRuntime();
  await expect(Worker.runReplayHistory({ workflowsPath: WORKFLOWS_PATH }, history)).resolves.toBeUndefined();
}

/**
 * The run `handle` names completed after the idle timers expectIdleTimers describes; with
 * RECORD_HISTORIES=1 its history becomes the fixture `file`, replayed by replayIdleHistory.
 */
export async function expectEndedIdle(handle: WorkflowHandle, idleMs: number, file: URL): Promise<void> {
  expect((await handle.describe()).status.name).toBe('COMPLETED');
  const history = await handle.fetchHistory();
  expectIdleTimers(history, idleMs);
  await recordHistoryWhenAsked(file, history);
}
