// Kept free of Node built-ins and I/O: renders one schedule layer's turns with Luxon's zone rules.
import { DateTime } from 'luxon';
import { RecentMemo } from '../recent-memo.ts';

/** ISO weekday: 1 is Monday, 7 is Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/**
 * A window of the day in the schedule's zone, on the listed weekdays (every day when absent).
 * `end` at or before `start` runs into the next day; `start` equal to `end` is a whole day, so
 * `{days: [6, 7], start: "00:00", end: "00:00"}` is the weekend.
 */
export interface Restriction {
  days?: readonly Weekday[];
  start: string;
  end: string;
}

interface LayerBase {
  /** Instant (epoch ms) the layer starts to apply. */
  start: number;
  /** Instant (epoch ms) the layer stops applying; open-ended when absent or null. */
  end?: number | null;
  restrictions?: readonly Restriction[];
}

/** A rotation through `users` in order, handing off at `handoff_time` local time. */
export interface RotationLayer extends LayerBase {
  kind: 'rotation';
  users: readonly string[];
  rotation: 'daily' | 'weekly' | 'custom';
  /** Local `HH:mm` of every handoff. */
  handoff_time: string;
  /** Weekday of the handoff, weekly rotations only (Monday when absent). */
  handoff_day?: Weekday | null;
  /** Turn length of a custom rotation, in wall-clock hours. */
  turn_hours?: number | null;
}

/** Shifts imported from an external calendar, already matched to users. */
export interface EventsLayer extends LayerBase {
  kind: 'ical';
  events: readonly { user: string; start: number; end: number }[];
}

export type ScheduleLayer = RotationLayer | EventsLayer;

/** One person on call over `[start, end)`, instants in epoch milliseconds. */
export interface Interval {
  user: string;
  start: number;
  end: number;
}

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after local midnight of an `HH:mm` string; throws on anything else. */
export function parseLocalTime(value: string): { hour: number; minute: number } {
  const match = HH_MM.exec(value);
  if (!match) throw new RangeError(`not a local time HH:mm: ${value}`);
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

export function isLocalTime(value: string): boolean {
  return HH_MM.test(value);
}

/**
 * Wall-clock fields read as if UTC: adding hours or days to them never meets a DST change, which is
 * what keeps handoffs at their local hour. Converted back to an instant only at the end.
 */
type Naive = number;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Conversions between instants and wall-clock times by zone. Schedules share zones, handoff hours,
 * windows and rendering bounds, so the same conversions repeat across schedules and requests, and
 * Luxon's zone lookups are most of a render's cost; zone rules never change while the process
 * runs. Each map is emptied when it grows past its bound.
 */
const MAX_CACHED = 100_000;
const instants = new RecentMemo<number>(MAX_CACHED);
const naives = new RecentMemo<Naive>(MAX_CACHED);

/** The wall-clock time in `zone` of an instant. */
function toNaive(instant: number, zone: string): Naive {
  return naives.get(`${zone} ${instant}`, () => {
    const local = DateTime.fromMillis(instant, { zone });
    return Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second, local.millisecond);
  });
}

/** The instant of a wall-clock time in `zone`; a time skipped by DST moves forward, like the clock. */
function fromNaive(naive: Naive, zone: string): number {
  return instants.get(`${zone} ${naive}`, () => convert(naive, zone));
}

/** ISO weekday of a wall-clock time (1970-01-01 was a Thursday). */
const weekdayOf = (naive: Naive) => (((((Math.floor(naive / DAY) + 3) % 7) + 7) % 7) + 1) as Weekday;
/** Local midnight of a wall-clock time. */
const dayOf = (naive: Naive) => naive - (((naive % DAY) + DAY) % DAY);

function convert(naive: Naive, zone: string): number {
  const d = new Date(naive);
  return DateTime.fromObject(
    {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
      millisecond: d.getUTCMilliseconds(),
    },
    { zone },
  ).toMillis();
}

function turnLength(layer: RotationLayer): Naive {
  if (layer.rotation === 'daily') return DAY;
  if (layer.rotation === 'weekly') return 7 * DAY;
  const hours = layer.turn_hours ?? 0;
  if (!Number.isInteger(hours) || hours < 1) throw new RangeError('a custom rotation needs turn_hours, a whole number of hours >= 1');
  return hours * HOUR;
}

/** The wall-clock handoff at or before the layer's start: the first user's turn contains `start`. */
function anchor(layer: RotationLayer, zone: string): Naive {
  const { hour, minute } = parseLocalTime(layer.handoff_time);
  const start = toNaive(layer.start, zone);
  let naive = dayOf(start) + hour * HOUR + minute * 60_000;
  if (layer.rotation === 'weekly') naive -= ((weekdayOf(start) - (layer.handoff_day ?? 1) + 7) % 7) * DAY;
  const step = layer.rotation === 'weekly' ? 7 * DAY : DAY;
  while (fromNaive(naive, zone) > layer.start) naive -= step;
  return naive;
}

function rotationTurns(layer: RotationLayer, zone: string, from: number, to: number): Interval[] {
  if (layer.users.length === 0) return [];
  const step = turnLength(layer);
  const base = anchor(layer, zone);
  // Jump close to `from` through wall-clock time (at most a day off the instant), then walk.
  const fromNaiveGuess = toNaive(Math.max(from, layer.start), zone);
  let index = Math.max(0, Math.floor((fromNaiveGuess - base) / step) - 1);
  const turns: Interval[] = [];
  let turnStart = fromNaive(base + index * step, zone);
  for (;;) {
    const turnEnd = fromNaive(base + (index + 1) * step, zone);
    if (turnStart >= to) break;
    if (turnEnd > from && turnEnd > turnStart) {
      turns.push({ user: layer.users[index % layer.users.length], start: turnStart, end: turnEnd });
    }
    turnStart = turnEnd;
    index += 1;
  }
  return turns;
}

/** The union of a layer's restriction windows over `[from, to)`, sorted and disjoint. */
export function restrictionWindows(
  restrictions: readonly Restriction[],
  zone: string,
  from: number,
  to: number,
): { start: number; end: number }[] {
  const windows: { start: number; end: number }[] = [];
  // Windows of the day before `from` may run into it; a window is at most a day long. Local days
  // are walked as wall-clock dates, so only the windows' bounds meet the zone's rules.
  const parsed = restrictions.map((restriction) => {
    const start = parseLocalTime(restriction.start);
    const end = parseLocalTime(restriction.end);
    const startMinutes = start.hour * 60 + start.minute;
    const endMinutes = end.hour * 60 + end.minute;
    return { days: restriction.days, startMinutes, endMinutes: endMinutes <= startMinutes ? endMinutes + 24 * 60 : endMinutes };
  });
  const last = dayOf(toNaive(to, zone));
  for (let dayNaive = dayOf(toNaive(from, zone)) - DAY; dayNaive <= last; dayNaive += DAY) {
    const weekday = weekdayOf(dayNaive);
    for (const { days, startMinutes, endMinutes } of parsed) {
      if (days && !days.includes(weekday)) continue;
      const window = { start: fromNaive(dayNaive + startMinutes * 60_000, zone), end: fromNaive(dayNaive + endMinutes * 60_000, zone) };
      if (window.end > from && window.start < to && window.end > window.start) windows.push(window);
    }
  }
  windows.sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const window of windows) {
    const previous = merged.at(-1);
    if (previous && window.start <= previous.end) previous.end = Math.max(previous.end, window.end);
    else merged.push({ ...window });
  }
  return merged;
}

/** Keeps the parts of sorted `intervals` inside sorted, disjoint `windows`. */
function intersect(intervals: Interval[], windows: { start: number; end: number }[]): Interval[] {
  const result: Interval[] = [];
  let w = 0;
  for (const interval of intervals) {
    while (w < windows.length && windows[w].end <= interval.start) w += 1;
    for (let k = w; k < windows.length && windows[k].start < interval.end; k += 1) {
      const start = Math.max(interval.start, windows[k].start);
      const end = Math.min(interval.end, windows[k].end);
      if (end > start) result.push({ user: interval.user, start, end });
    }
  }
  return result;
}

/**
 * Who a layer puts on call over `[from, to)`, before other layers and overrides: its turns (or
 * imported events) clipped to the layer's own start and end and to its restriction windows.
 * Sorted by start; imported events may overlap each other, rotation turns never do.
 */
export function renderLayer(layer: ScheduleLayer, zone: string, from: number, to: number): Interval[] {
  const lo = Math.max(from, layer.start);
  const hi = Math.min(to, layer.end ?? Number.POSITIVE_INFINITY);
  if (hi <= lo) return [];
  const raw =
    layer.kind === 'rotation'
      ? rotationTurns(layer, zone, lo, hi)
      : layer.events.filter((event) => event.end > lo && event.start < hi && event.end > event.start).sort((a, b) => a.start - b.start);
  const clipped = raw.map((turn) => ({ user: turn.user, start: Math.max(turn.start, lo), end: Math.min(turn.end, hi) }));
  const restrictions = layer.restrictions ?? [];
  return restrictions.length === 0 ? clipped : intersect(clipped, restrictionWindows(restrictions, zone, lo, hi));
}
