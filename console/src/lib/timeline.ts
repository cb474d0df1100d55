// Kept free of the DOM and of the API: where a schedule's shifts sit on the console's timeline.
import { DateTime } from 'luxon';

/** The timeline shows two weeks at a time. */
export const WINDOW_DAYS = 14;

export interface Window {
  /** Instants in UTC (ISO strings), `[from, to)`. */
  from: string;
  to: string;
}

export interface Interval {
  start: string;
  end: string;
}

export interface Segment extends Interval {
  kind: 'shift' | 'gap';
  user_id?: string;
  source?: 'layer' | 'override';
  /** Position on the track, in percent of the window. */
  left: number;
  width: number;
}

/**
 * The two weeks `page` periods away from the one starting today at local midnight in `zone`:
 * days are counted on the zone's calendar, so a window across a DST change is 335 or 337 hours.
 */
export function twoWeekWindow(zone: string, page: number, now: Date): Window {
  const start = DateTime.fromJSDate(now, { zone })
    .startOf('day')
    .plus({ days: page * WINDOW_DAYS });
  const end = start.plus({ days: WINDOW_DAYS });
  return { from: start.toUTC().toISO() as string, to: end.toUTC().toISO() as string };
}

/** The window's days in `zone`: each one's label and where it starts on the track (percent). */
export function windowDays(window: Window, zone: string): Array<{ label: string; iso: string; left: number; width: number }> {
  const from = Date.parse(window.from);
  const span = Date.parse(window.to) - from;
  const days = [];
  let day = DateTime.fromISO(window.from, { zone }).startOf('day');
  while (day.toMillis() < Date.parse(window.to)) {
    const next = day.plus({ days: 1 });
    const start = Math.max(day.toMillis(), from);
    const end = Math.min(next.toMillis(), Date.parse(window.to));
    days.push({
      label: day.toFormat('ccc d'),
      iso: day.toISODate() as string,
      left: ((start - from) / span) * 100,
      width: ((end - start) / span) * 100,
    });
    day = next;
  }
  return days;
}

/**
 * A row of the timeline: the shifts clipped to the window, and the stretches between them as
 * gaps (`gaps` given: the API's own, for the final row; else the complement of the shifts).
 */
export function rowSegments(
  shifts: ReadonlyArray<Interval & { user_id: string; source?: 'layer' | 'override' }>,
  window: Window,
  gaps?: readonly Interval[],
): Segment[] {
  const from = Date.parse(window.from);
  const to = Date.parse(window.to);
  const span = to - from;
  const place = (start: number, end: number) => ({ left: ((start - from) / span) * 100, width: ((end - start) / span) * 100 });
  const clipped = shifts
    .map((shift) => ({ shift, start: Math.max(from, Date.parse(shift.start)), end: Math.min(to, Date.parse(shift.end)) }))
    .filter(({ start, end }) => end > start)
    .sort((a, b) => a.start - b.start);
  const segments: Segment[] = clipped.map(({ shift, start, end }) => ({
    kind: 'shift',
    user_id: shift.user_id,
    source: shift.source,
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
    ...place(start, end),
  }));
  const holes: Array<[number, number]> = [];
  if (gaps) {
    for (const gap of gaps) holes.push([Math.max(from, Date.parse(gap.start)), Math.min(to, Date.parse(gap.end))]);
  } else {
    let cursor = from;
    for (const { start, end } of clipped) {
      if (start > cursor) holes.push([cursor, start]);
      cursor = Math.max(cursor, end);
    }
    if (cursor < to) holes.push([cursor, to]);
  }
  for (const [start, end] of holes) {
    if (end > start)
      segments.push({ kind: 'gap', start: new Date(start).toISOString(), end: new Date(end).toISOString(), ...place(start, end) });
  }
  return segments.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/** `Mon 30 Nov 09:00 – Tue 1 Dec 09:00` in `zone` (the end's date only when it differs). */
export function formatRange(start: string, end: string, zone: string): string {
  const a = DateTime.fromISO(start, { zone });
  const b = DateTime.fromISO(end, { zone });
  const sameDay = a.hasSame(b, 'day');
  return `${a.toFormat('ccc d LLL HH:mm')} – ${b.toFormat(sameDay ? 'HH:mm' : 'ccc d LLL HH:mm')}`;
}

/** The window's first and last days in `zone`, `Fri 27 Nov – Thu 10 Dec 2026`. */
export function formatWindow(period: Window, zone: string): string {
  const first = DateTime.fromISO(period.from, { zone });
  const last = DateTime.fromISO(period.to, { zone }).minus({ days: 1 });
  return `${first.toFormat('ccc d LLL')} – ${last.toFormat('ccc d LLL yyyy')}`;
}

/** One instant in `zone` with its abbreviation, `Mon 30 Nov 09:00 CET`. */
export function formatInstant(iso: string, zone: string): string {
  return DateTime.fromISO(iso, { zone }).toFormat('ccc d LLL HH:mm ZZZZ');
}

/**
 * The value of a `datetime-local` input (`2026-11-30T09:00`) read as wall-clock time in `zone`,
 * as an RFC 3339 instant with its offset; undefined when it is no such time.
 */
export function localInputToInstant(value: string, zone: string): string | undefined {
  const parsed = DateTime.fromISO(value, { zone });
  return parsed.isValid ? (parsed.toISO({ suppressMilliseconds: true }) ?? undefined) : undefined;
}

/** An instant as a `datetime-local` input value in `zone`. */
export function instantToLocalInput(iso: string, zone: string): string {
  return DateTime.fromISO(iso, { zone }).toFormat("yyyy-LL-dd'T'HH:mm");
}

/** The zone's offset at `at`, e.g. `UTC+1` or `UTC+5:30`, to say which clock the page uses. */
export function zoneLabel(zone: string, at: Date): string {
  return DateTime.fromJSDate(at, { zone }).toFormat("'UTC'Z");
}
