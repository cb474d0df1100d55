// Kept free of Node built-ins and I/O: the final on-call schedule, from layers and overrides.
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
 * whatever was there. `above` must be sorted and disjoint too.
 */
function paint(below: Shift[], above: Shift[]): Shift[] {
  if (above.length === 0) return below;
  const pieces: Shift[] = [];
  let a = 0;
  for (const shift of below) {
    while (a < above.length && above[a].end <= shift.start) a += 1;
    let cursor = shift.start;
    for (let k = a; k < above.length && above[k].start < shift.end; k += 1) {
      if (above[k].start > cursor) pieces.push({ ...shift, start: cursor, end: above[k].start });
      cursor = Math.max(cursor, above[k].end);
    }
    if (cursor < shift.end) pieces.push({ ...shift, start: cursor });
  }
  return [...pieces, ...above].sort((x, y) => x.start - y.start);
}

/** Overlapping events of one layer, reduced so the later-starting event wins where two overlap. */
function disjoint(intervals: Interval[]): Interval[] {
  let result: Shift[] = [];
  for (const interval of intervals) result = paint(result, [{ ...interval, source: 'layer' }]);
  return result.map(({ user, start, end }) => ({ user, start, end }));
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
export function renderSchedule(schedule: ScheduleDefinition, from: number, to: number): RenderedSchedule {
  if (!(to > from)) return { shifts: [], gaps: [], layers: schedule.layers.map(() => []) };
  const layers = schedule.layers.map((layer) => renderLayer(layer, schedule.time_zone, from, to));
  let final: Shift[] = [];
  for (const layer of layers) {
    const intervals = layer.some((interval, i) => i > 0 && interval.start < layer[i - 1].end) ? disjoint(layer) : layer;
    final = paint(
      final,
      intervals.map((interval) => ({ ...interval, source: 'layer' as const })),
    );
  }
  for (const override of schedule.overrides) {
    const start = Math.max(from, override.start);
    const end = Math.min(to, override.end);
    if (end > start) final = paint(final, [{ user: override.user, start, end, source: 'override' }]);
  }
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
export function onCallAt(schedule: ScheduleDefinition, at: number): Shift | null {
  const { shifts } = renderSchedule(schedule, at - ON_CALL_HORIZON_MS, at + ON_CALL_HORIZON_MS);
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
