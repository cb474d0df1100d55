/**
 * One process's view of one rate-limit counter (a bucket in one window): the shared count as the
 * table held it at this process's last flush of it, plus what this process counted since. Pure
 * bookkeeping for createRateLimiter; no I/O.
 */
export interface Tally {
  key: string;
  /** Epoch seconds at which the window starts. */
  windowStart: number;
  /** The table's count as returned by the latest flush that included this bucket. */
  shared: number;
  /** Counted here and sent by a flush whose answer has not arrived. */
  inFlight: number;
  /** Counted here and not yet sent. */
  local: number;
  /** Epoch ms at which the flush that last read `shared` started; -Infinity before any. */
  refreshedAt: number;
  /** Epoch ms of this process's latest request on the bucket. */
  lastHitAt: number;
}

/** What one flush sends for one tally: its unsent delta (possibly 0, to read the shared count). */
export interface FlushRow {
  tally: Tally;
  delta: number;
}

export const tallyKey = (key: string, windowStart: number) => `${windowStart}|${key}`;

export function newTally(key: string, windowStart: number): Tally {
  return { key, windowStart, shared: 0, inFlight: 0, local: 0, refreshedAt: -Infinity, lastHitAt: -Infinity };
}

/** The count a decision uses: everything this process knows was counted. */
export const tallyCount = (tally: Tally) => tally.shared + tally.inFlight + tally.local;

/** Whether the shared count is recent enough to decide without a round trip. */
export const isFresh = (tally: Tally, nowMs: number, freshForMs: number) => nowMs - tally.refreshedAt <= freshForMs;

/** Counts `units` here: one per request, or one per alert of a webhook payload. */
export function countHit(tally: Tally, nowMs: number, units = 1): void {
  tally.local += units;
  tally.lastHitAt = Math.max(tally.lastHitAt, nowMs);
}

/** Moves the tallies' unsent deltas in flight and returns one row per tally. */
export function takeRows(tallies: Iterable<Tally>): FlushRow[] {
  const rows: FlushRow[] = [];
  for (const tally of tallies) {
    const delta = tally.local;
    tally.local = 0;
    tally.inFlight += delta;
    rows.push({ tally, delta });
  }
  return rows;
}

/**
 * The periodic flush's selection. Tallies of finished windows are dropped with their deltas (a
 * finished window no longer limits anything), as are idle ones (their next request refreshes them
 * first). What remains is sent: deltas to add, and, for buckets hit within `activeForMs`, a zero
 * delta so the flush reads what other processes counted.
 */
export function selectForFlush(tallies: Map<string, Tally>, nowMs: number, currentWindowStart: number, activeForMs: number): FlushRow[] {
  const chosen: Tally[] = [];
  for (const [id, tally] of tallies) {
    const idle = tally.local === 0 && tally.inFlight === 0 && nowMs - tally.lastHitAt > activeForMs;
    if (tally.windowStart < currentWindowStart || idle) {
      tallies.delete(id);
      continue;
    }
    if (tally.local > 0 || nowMs - tally.lastHitAt <= activeForMs) chosen.push(tally);
  }
  return takeRows(chosen);
}

/**
 * Applies a flush's answer: `total` is the table's count after the flush's statement (it includes
 * the row's delta), or undefined when the statement failed and the delta must be sent again.
 * Counts only grow within a window, so the larger of two answers is the more recent one.
 */
export function settleRow(row: FlushRow, total: number | undefined, flushStartedAt: number): void {
  const { tally, delta } = row;
  tally.inFlight -= delta;
  if (total === undefined) {
    tally.local += delta;
    return;
  }
  tally.shared = Math.max(tally.shared, total);
  tally.refreshedAt = Math.max(tally.refreshedAt, flushStartedAt);
}
