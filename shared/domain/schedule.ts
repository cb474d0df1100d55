// Kept free of Node built-ins and I/O: the final on-call schedule, from layers and overrides.
import { computeBudget, type ComputeBudget } from './compute-budget.ts';
import { SCHEDULE_RENDER_BUDGET } from './compute-limits.ts';
import { renderLayer, type Interval, type ScheduleLayer } from './schedule-layer.ts';

export type { Interval, Restriction, ScheduleLayer, Weekday, RotationLayer, EventsLayer } from './schedule-layer.ts';
export { isLocalTime, renderLayer } from './schedule-layer.ts';

/** One user on call between two instants (epoch ms), above every layer. */
export interface Override {
  id: string;
  user: string;
  start: number;
  end: number;
}

export interface ScheduleDefinition {
  time_zone: string;
  /** Lowest first: a later layer wins where it has someone. */
  layers: readonly ScheduleLayer[];
  /** Oldest first: a later override wins where two overlap. */
  overrides: readonly Override[];
}

export type ShiftSource = 'layer' | 'override';

export interface Shift {
  user: string;
  start: number;
  end: number;
  source: ShiftSource;
}

export interface Gap {
  start: number;
  end: number;
}

export interface RenderedSchedule {
  /** The final schedule: contiguous, sorted, never overlapping. */
  shifts: Shift[];
  /** The parts of `[from, to)` no shift covers. */
  gaps: Gap[];
  /** Each layer on its own, as it renders before layers above it and overrides. */
  layers: Interval[][];
}

/**
 * Paints `above` over the sorted, disjoint `below`: where an `above` interval lies, it replaces
 * whatever was there. `above` must be sorted and disjoint too. One merge pass, linear in both.
 */
function paint(below: Shift[], above: Shift[], budget: ComputeBudget): Shift[] {
  if (above.length === 0) return below;
  budget.spend(below.length + above.length);
  const pieces: Shift[] = [];
  let a = 0;
  for (const shift of below) {
    while (a < above.length && (above[a] as Shift).end <= shift.start) a += 1;
    let cursor = shift.start;
    for (let k = a; k < above.length && (above[k] as Shift).start < shift.end; k += 1) {
      const over = above[k] as Shift;
      if (over.start > cursor) pieces.push({ ...shift, start: cursor, end: over.start });
      cursor = Math.max(cursor, over.end);
    }
    if (cursor < shift.end) pieces.push({ ...shift, start: cursor });
  }
  // Both lists are sorted and no piece overlaps an `above` interval: merged, not sorted again.
  const merged: Shift[] = [];
  let p = 0;
  let q = 0;
  while (p < pieces.length || q < above.length) {
    if (q >= above.length || (p < pieces.length && (pieces[p] as Shift).start < (above[q] as Shift).start))
      merged.push(pieces[p++] as Shift);
    else merged.push(above[q++] as Shift);
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
function laterWins(intervals: readonly Shift[], budget: ComputeBudget): Shift[] {
  budget.spend(intervals.length);
  const byStart = intervals.map((_, index) => index).sort((x, y) => (intervals[x] as Shift).start - (intervals[y] as Shift).start);
  const bounds = [...new Set(intervals.flatMap((interval) => [interval.start, interval.end]))].sort((x, y) => x - y);
  const covering = new LatestFirst();
  const pieces: Shift[] = [];
  let next = 0;
  let lastWinner = -1;
  for (let b = 0; b + 1 < bounds.length; b += 1) {
    const [at, until] = [bounds[b] as number, bounds[b + 1] as number];
    while (next < byStart.length && (intervals[byStart[next] as number] as Shift).start <= at) covering.push(byStart[next++] as number);
    while (covering.size > 0 && (intervals[covering.peek() as number] as Shift).end <= at) covering.pop();
    const winner = covering.peek();
    if (winner === undefined) {
      lastWinner = -1;
      continue;
    }
    const previous = pieces.at(-1);
    if (winner === lastWinner && previous && previous.end === at) previous.end = until;
    else pieces.push({ ...(intervals[winner] as Shift), start: at, end: until });
    lastWinner = winner;
  }
  budget.spend(pieces.length);
  return pieces;
}

function mergeAdjacent(shifts: Shift[]): Shift[] {
  const merged: Shift[] = [];
  for (const shift of shifts) {
    if (shift.end <= shift.start) continue;
    const previous = merged.at(-1);
    if (previous && previous.end === shift.start && previous.user === shift.user && previous.source === shift.source)
      previous.end = shift.end;
    else merged.push({ ...shift });
  }
  return merged;
}

/**
 * Renders a schedule over `[from, to)`: every layer's turns in the schedule's zone (handoffs at their
 * local hour, so a daily turn across a DST change lasts 23 or 25 hours), later layers over earlier
 * ones where they have someone, overrides over every layer, adjacent pieces of the same user and
 * source merged, and the gaps left.
 */
export function renderSchedule(
  schedule: ScheduleDefinition,
  from: number,
  to: number,
  budget: ComputeBudget = computeBudget('the schedule', SCHEDULE_RENDER_BUDGET),
): RenderedSchedule {
  if (!(to > from)) return { shifts: [], gaps: [], layers: schedule.layers.map(() => []) };
  const layers = schedule.layers.map((layer) => {
    const intervals = renderLayer(layer, schedule.time_zone, from, to);
    budget.spend(intervals.length + 1);
    return intervals;
  });
  let final: Shift[] = [];
  for (const layer of layers) {
    const shifts = layer.map((interval) => ({ ...interval, source: 'layer' as const }));
    const overlapping = layer.some((interval, i) => i > 0 && interval.start < (layer[i - 1] as Interval).end);
    final = paint(final, overlapping ? laterWins(shifts, budget) : shifts, budget);
  }
  const overrides: Shift[] = [];
  for (const override of schedule.overrides) {
    const start = Math.max(from, override.start);
    const end = Math.min(to, override.end);
    if (end > start) overrides.push({ user: override.user, start, end, source: 'override' });
  }
  final = paint(final, laterWins(overrides, budget), budget);
  const shifts = mergeAdjacent(final);
  const gaps: Gap[] = [];
  let cursor = from;
  for (const shift of shifts) {
    if (shift.start > cursor) gaps.push({ start: cursor, end: shift.start });
    cursor = shift.end;
  }
  if (cursor < to) gaps.push({ start: cursor, end: to });
  return { shifts, gaps, layers };
}

/** How far either side of an instant `onCallAt` looks for the bounds of the shift holding it. */
export const ON_CALL_HORIZON_MS = 7 * 86_400_000;

/**
 * Who is on call at `at` (epoch ms), null in a gap. The shift's `start` and `end` are its true
 * bounds when within `ON_CALL_HORIZON_MS` of `at`, and clipped to that horizon otherwise.
 */
export function onCallAt(schedule: ScheduleDefinition, at: number, budget?: ComputeBudget): Shift | null {
  const { shifts } = renderSchedule(schedule, at - ON_CALL_HORIZON_MS, at + ON_CALL_HORIZON_MS, budget);
  return shifts.find((shift) => shift.start <= at && at < shift.end) ?? null;
}

/** The schedule with `user` taken out of every rotation and every override. */
export function withoutUser(schedule: ScheduleDefinition, user: string): ScheduleDefinition {
  return {
    ...schedule,
    layers: schedule.layers.map((layer) =>
      layer.kind === 'rotation'
        ? { ...layer, users: layer.users.filter((member) => member !== user) }
        : { ...layer, events: layer.events.filter((event) => event.user !== user) },
    ),
    overrides: schedule.overrides.filter((override) => override.user !== user),
  };
}

/** The parts of `[from, to)` that are gaps in `after` but were covered in `before`. */
export function newGaps(before: ScheduleDefinition, after: ScheduleDefinition, from: number, to: number): Gap[] {
  const covered = renderSchedule(before, from, to).gaps;
  const opened: Gap[] = [];
  for (const gap of renderSchedule(after, from, to).gaps) {
    let cursor = gap.start;
    for (const old of covered) {
      if (old.end <= cursor || old.start >= gap.end) continue;
      if (old.start > cursor) opened.push({ start: cursor, end: old.start });
      cursor = Math.max(cursor, old.end);
    }
    if (cursor < gap.end) opened.push({ start: cursor, end: gap.end });
  }
  return opened;
}
