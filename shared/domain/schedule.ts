// Kept free of Node built-ins and I/O: the final on-call schedule, from layers and overrides.
import { computeBudget, type ComputeBudget } from './compute-budget.ts';
import { SCHEDULE_RENDER_BUDGET } from './compute-limits.ts';
import { renderLayer, type Interval, type ScheduleLayer } from './schedule-layer.ts';
import { laterWins, paint } from './schedule-paint.ts';

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
