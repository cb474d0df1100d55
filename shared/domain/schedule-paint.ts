// Kept free of Node built-ins and I/O: painting one timeline over another, in O(n log n).
import type { ComputeBudget } from './compute-budget.ts';

/** Anything over `[start, end)`, instants in epoch milliseconds. */
interface Span {
  start: number;
  end: number;
}

/**
 * Paints `above` over the sorted, disjoint `below`: where an `above` interval lies, it replaces
 * whatever was there. `above` must be sorted and disjoint too. One merge pass, linear in both.
 */
export function paint<T extends Span>(below: T[], above: T[], budget: ComputeBudget): T[] {
  if (above.length === 0) return below;
  budget.spend(below.length + above.length);
  const pieces: T[] = [];
  let a = 0;
  for (const shift of below) {
    while (a < above.length && (above[a] as T).end <= shift.start) a += 1;
    let cursor = shift.start;
    for (let k = a; k < above.length && (above[k] as T).start < shift.end; k += 1) {
      const over = above[k] as T;
      if (over.start > cursor) pieces.push({ ...shift, start: cursor, end: over.start });
      cursor = Math.max(cursor, over.end);
    }
    if (cursor < shift.end) pieces.push({ ...shift, start: cursor });
  }
  // Both lists are sorted and no piece overlaps an `above` interval: merged, not sorted again.
  const merged: T[] = [];
  let p = 0;
  let q = 0;
  while (p < pieces.length || q < above.length) {
    if (q >= above.length || (p < pieces.length && (pieces[p] as T).start < (above[q] as T).start)) merged.push(pieces[p++] as T);
    else merged.push(above[q++] as T);
  }
  return merged;
}

/** A max-heap of indexes into a list: the latest entry on top. */
class LatestFirst {
  private readonly items: number[] = [];
  get size() {
    return this.items.length;
  }
  peek(): number | undefined {
    return this.items[0];
  }
  push(value: number) {
    const items = this.items;
    items.push(value);
    for (let i = items.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if ((items[parent] as number) >= value) break;
      items[i] = items[parent] as number;
      items[parent] = value;
      i = parent;
    }
  }
  pop() {
    const items = this.items;
    const last = items.pop() as number;
    if (items.length === 0) return;
    items[0] = last;
    for (let i = 0; ;) {
      const [left, right] = [2 * i + 1, 2 * i + 2];
      let largest = i;
      if (left < items.length && (items[left] as number) > (items[largest] as number)) largest = left;
      if (right < items.length && (items[right] as number) > (items[largest] as number)) largest = right;
      if (largest === i) break;
      [items[i], items[largest]] = [items[largest] as number, items[i] as number];
      i = largest;
    }
  }
}

/**
 * Overlapping intervals reduced to sorted, disjoint pieces where a later entry of the list wins
 * where two overlap (as painting them one by one in list order would), by one sweep over their
 * bounds with the latest covering entry on a heap: O(n log n).
 */
export function laterWins<T extends Span>(intervals: readonly T[], budget: ComputeBudget): T[] {
  budget.spend(intervals.length);
  const byStart = intervals.map((_, index) => index).sort((x, y) => (intervals[x] as T).start - (intervals[y] as T).start);
  const bounds = [...new Set(intervals.flatMap((interval) => [interval.start, interval.end]))].sort((x, y) => x - y);
  const covering = new LatestFirst();
  const pieces: T[] = [];
  let next = 0;
  let lastWinner = -1;
  for (let b = 0; b + 1 < bounds.length; b += 1) {
    const [at, until] = [bounds[b] as number, bounds[b + 1] as number];
    while (next < byStart.length && (intervals[byStart[next] as number] as T).start <= at) covering.push(byStart[next++] as number);
    while (covering.size > 0 && (intervals[covering.peek() as number] as T).end <= at) covering.pop();
    const winner = covering.peek();
    if (winner === undefined) {
      lastWinner = -1;
      continue;
    }
    const previous = pieces.at(-1);
    if (winner === lastWinner && previous && previous.end === at) previous.end = until;
    else pieces.push({ ...(intervals[winner] as T), start: at, end: until });
    lastWinner = winner;
  }
  budget.spend(pieces.length);
  return pieces;
}
