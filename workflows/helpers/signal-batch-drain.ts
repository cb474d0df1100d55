import { condition, patched, sleep, workflowInfo } from '@temporalio/workflow';

// Continue-as-new far below Temporal's history warnings (10,240 events / 10 MB): a worker replays a
// run's whole history after a failed task (a refused continue-as-new, mostly), and the bucket's
// signals wait for that replay: 0.7–1.5 s on two busy cores at 150 events, 2–3 s at 500.
// docs/ingestion.md has the numbers.
const MAX_HISTORY_BYTES = 4 * 1024 * 1024;
/**
 * Runs recorded without a bound's marker replay with the bound of the release that recorded them:
 * a replay must continue as new exactly where the run did. A run with neither marker replays with
 * the highest bound any earlier release used (a bound at or above the recorded one never continues
 * sooner). Today's marker, set at a run's first live task, brings a run to today's bound.
 */
const HISTORY_BOUNDS_BY_MARKER: ReadonlyArray<readonly [marker: string, maxEvents: number]> = [
  ['continue-as-new-at-150-events', 150],
  ['continue-as-new-at-500-events', 500],
];
const EARLIER_MAX_HISTORY_EVENTS = 4_000;
/** Runs recorded without this marker continued as new right after a batch, and replay that way. */
const CONTINUE_AS_NEW_FIRST_PATCH = 'continue-as-new-before-batch';
/** A bucket with nothing to do for this long ends; the next signalWithStart starts it again. */
export const BUCKET_IDLE_MS = 5 * 60_000;

/** What one bucket workflow lends the drain: its signal-fed queue, its batch, its continue-as-new. */
export interface SignalBatchDrain {
  /** How many items the signal handler queued that no batch has taken yet. */
  queued(): number;
  /**
   * Takes the next batch off the queue and runs it, yielding each activity call's promise. The
   * drain awaits each one itself, as an inline `await` would: an async function around the batch
   * would resume the loop a microtask later, which can reorder its commands against the idle
   * watcher's within one workflow task, and replay checks that order.
   */
  runBatch(): Iterable<Promise<unknown>>;
  /** Continues as new carrying what is queued; only called with at most `maxCarried` queued. */
  continueAsNew(): Promise<never>;
  /** Continue-as-new carries the queue in its input: only while that stays far from Temporal's 2 MB payload limit. */
  maxCarried: number;
  /** The workflow input's overrides (tests shorten them). */
  idleMs?: number | undefined;
  maxHistoryEvents?: number | undefined;
}

/**
 * Runs batches while anything is queued, continues as new once the run's history is long, and
 * resolves after `idleMs` with nothing queued. A workflow returns this promise as its own, not
 * awaited in an async function, for the same reason: no microtask added before the run completes.
 */
export async function drainSignalBatches(drain: SignalBatchDrain): Promise<void> {
  // One idle timer per quiet period, not one per wait: a timer armed and cancelled around every
  // batch would cost two history events and two server operations per workflow task.
  const idleMs = drain.idleMs ?? BUCKET_IDLE_MS;
  let lastActiveAt = Date.now();
  let idle = false;
  const watchIdle = async () => {
    while (Date.now() - lastActiveAt < idleMs) await sleep(lastActiveAt + idleMs - Date.now());
    idle = true;
  };
  void watchIdle();

  const runIsLong = (times = 1) => {
    const info = workflowInfo();
    // In order, newest first: a live run sets only today's marker; a replay finds the one it recorded.
    const maxEvents =
      drain.maxHistoryEvents ?? HISTORY_BOUNDS_BY_MARKER.find(([marker]) => patched(marker))?.[1] ?? EARLIER_MAX_HISTORY_EVENTS;
    return (
      (times === 1 && info.continueAsNewSuggested) ||
      info.historyLength >= times * maxEvents ||
      info.historySize >= times * MAX_HISTORY_BYTES
    );
  };

  let ranBatch = false;
  for (;;) {
    await condition(() => drain.queued() > 0 || idle);
    // A signal that lands while the run completes fails that completion, and the run goes on with it.
    if (drain.queued() === 0) return;
    // Continue as new as the task starts, before any batch: a task that ran a batch's local
    // activity was open for its transaction, and a signal landing meanwhile makes the server refuse
    // the continue-as-new, refuse the bucket's signals until the run's next task completes, and that
    // task replays the whole run. A long run with more queued drains it and continues at its next task.
    const continuesFirst = patched(CONTINUE_AS_NEW_FIRST_PATCH);
    // Not before the run's first batch: each run applies something before it hands over.
    if (continuesFirst && ranBatch && runIsLong() && drain.queued() <= drain.maxCarried) await drain.continueAsNew();
    while (drain.queued() > 0) {
      for (const step of drain.runBatch()) await step;
      ranBatch = true;
      // A run that never starts a task with few enough queued to carry (a storm past 100 alerts a
      // task) still ends while far from Temporal's limits: at twice the bound, right after a batch.
      if (runIsLong(continuesFirst ? 2 : 1) && drain.queued() <= drain.maxCarried) await drain.continueAsNew();
    }
    lastActiveAt = Date.now();
    if (idle) {
      idle = false;
      void watchIdle();
    }
  }
}
