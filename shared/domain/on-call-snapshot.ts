import { ON_CALL_HORIZON_MS, renderSchedule, type ScheduleDefinition, type Shift } from './schedule.ts';

/** One schedule as the on-call answer names it. */
export interface OnCallSchedule {
  id: string;
  name: string;
  timeZone: string;
  definition: ScheduleDefinition;
}

/** A rendered stretch around some instant: the shift holding it, or null for a gap. */
interface Stretch {
  start: number;
  end: number;
  shift: Shift | null;
}

export interface OnCallSnapshot {
  /** The overrides the snapshot holds reach back to here: earlier instants need a fresh read. */
  readonly validFrom: number;
  /** Who is on call at `at` on each schedule, as `onCallAt` answers, in the schedules' order. */
  at(at: number): Array<{ schedule: OnCallSchedule; shift: Shift | null }>;
  /** The same for one schedule; undefined when the snapshot does not hold it. */
  shiftOf(scheduleId: string, at: number): Shift | null | undefined;
}

/**
 * The organization's schedules, rendered on demand and remembered: an answer for `at` is reused for
 * any later instant inside the same shift (or gap) as long as `onCallAt` would render that stretch
 * whole from there too, so `GET /oncall` mostly looks up rather than renders. A stretch clipped by
 * the horizon is never reused.
 */
export function createOnCallSnapshot(schedules: readonly OnCallSchedule[], validFrom: number): OnCallSnapshot {
  const remembered = new Map<string, Stretch>();
  const reusable = (stretch: Stretch, at: number) =>
    stretch.start <= at && at < stretch.end && stretch.start >= at - ON_CALL_HORIZON_MS && stretch.end <= at + ON_CALL_HORIZON_MS;

  const stretchAt = (schedule: OnCallSchedule, at: number): Stretch => {
    const known = remembered.get(schedule.id);
    if (known && reusable(known, at)) return known;
    const from = at - ON_CALL_HORIZON_MS;
    const to = at + ON_CALL_HORIZON_MS;
    const { shifts, gaps } = renderSchedule(schedule.definition, from, to);
    const shift = shifts.find((candidate) => candidate.start <= at && at < candidate.end) ?? null;
    const gap = shift ? null : gaps.find((candidate) => candidate.start <= at && at < candidate.end);
    const stretch: Stretch = shift
      ? { start: shift.start, end: shift.end, shift }
      : { start: gap?.start ?? at, end: gap?.end ?? at, shift: null };
    // Only a stretch with both bounds inside the window is whole.
    if (stretch.start > from && stretch.end < to) remembered.set(schedule.id, stretch);
    return stretch;
  };

  const byId = new Map(schedules.map((schedule) => [schedule.id, schedule]));
  return {
    validFrom,
    at: (at) => schedules.map((schedule) => ({ schedule, shift: stretchAt(schedule, at).shift })),
    shiftOf: (scheduleId, at) => {
      const schedule = byId.get(scheduleId);
      return schedule ? stretchAt(schedule, at).shift : undefined;
    },
  };
}
