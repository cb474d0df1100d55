// Kept free of Node built-ins and I/O: which handoff notices a window holds, from rendered schedules.
import { renderSchedule, type ScheduleDefinition, type Shift } from './schedule.ts';

export type HandoffKind = 'start' | 'end';

/** A member's choice: told `noticeMinutes` before a shift starts (null: never), and when it ends. */
export interface HandoffPreference {
  noticeMinutes: number | null;
  notifyOnShiftEnd: boolean;
}

/** One notice to one member; `(user, schedule, shiftStart, kind)` identifies it for good. */
export interface HandoffNotice {
  user: string;
  scheduleId: string;
  kind: HandoffKind;
  shiftStart: number;
  shiftEnd: number;
  sendAt: number;
}

const MINUTE = 60_000;
/**
 * How far either side of the window shifts are rendered, so their true bounds (not the window's)
 * are known; a turn longer than this has no known start, so no notice (its key would drift).
 */
export const HANDOFF_MARGIN_MS = 15 * 86_400_000;

/** A member's turn whatever its source: a layer shift running into their own override is one shift. */
function turns(shifts: readonly Shift[]): Shift[] {
  const merged: Shift[] = [];
  for (const shift of shifts) {
    const previous = merged.at(-1);
    if (previous && previous.end === shift.start && previous.user === shift.user) previous.end = shift.end;
    else merged.push({ ...shift });
  }
  return merged;
}

/**
 * The notices due in `[from, to)`: a start notice `noticeMinutes` before each shift starts (one
 * whose time has passed but whose shift has not started yet is due at `from`: the member chose
 * late or the override was made late), and an end notice when it ends. Shifts are rendered with a
 * margin either side, so a shift cut by the window is never taken to start or end at its edge.
 */
export function planHandoffNotices(
  schedules: ReadonlyArray<{ id: string; definition: ScheduleDefinition }>,
  preferences: ReadonlyMap<string, HandoffPreference>,
  from: number,
  to: number,
): HandoffNotice[] {
  const notices: HandoffNotice[] = [];
  if (!(to > from) || preferences.size === 0) return notices;
  const renderFrom = from - HANDOFF_MARGIN_MS;
  const renderTo = to + HANDOFF_MARGIN_MS;
  for (const schedule of schedules) {
    for (const shift of turns(renderSchedule(schedule.definition, renderFrom, renderTo).shifts)) {
      const preference = preferences.get(shift.user);
      if (!preference || shift.start <= renderFrom) continue;
      const base = { user: shift.user, scheduleId: schedule.id, shiftStart: shift.start, shiftEnd: shift.end };
      if (preference.noticeMinutes !== null && shift.start > from) {
        const sendAt = Math.max(from, shift.start - preference.noticeMinutes * MINUTE);
        if (sendAt < to) notices.push({ ...base, kind: 'start', sendAt });
      }
      if (preference.notifyOnShiftEnd && shift.end < renderTo && shift.end >= from && shift.end < to)
        notices.push({ ...base, kind: 'end', sendAt: shift.end });
    }
  }
  return notices.sort((a, b) => a.sendAt - b.sendAt);
}
