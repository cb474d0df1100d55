// Kept free of Node built-ins and I/O.
import { DateTime, IANAZone } from 'luxon';
import rrule, { type Options } from 'rrule';

// rrule ships CommonJS to Node: its named exports exist only on the default export.
const { Frequency, RRule } = rrule;

export interface WindowSpan {
  /** The first occurrence, as instants. */
  startsAt: Date;
  endsAt: Date;
  /** RRULE properties (`FREQ=WEEKLY;BYDAY=SA`), without DTSTART: the first occurrence starts it. */
  rrule: string | null;
  /** IANA zone whose wall-clock time the recurrence follows. */
  timeZone: string;
}

/** The longest one occurrence of a recurring window may last: keeps each check a few occurrences long. */
export const MAX_RECURRING_OCCURRENCE_MS = 31 * 24 * 3600 * 1000;
// Wider than any zone's offset change, so candidates near a DST shift are never missed.
const MARGIN_MS = 24 * 3600 * 1000;

export class WindowRuleError extends Error {
  override name = 'WindowRuleError';
}

export function isTimeZone(zone: string): boolean {
  return IANAZone.isValidZone(zone);
}

/**
 * Reads an RRULE; throws WindowRuleError. Sub-hourly frequencies and DTSTART/TZID are refused:
 * the window's own start and zone say when and where it recurs.
 */
export function parseWindowRule(text: string): Partial<Options> {
  const body = text.trim().replace(/^RRULE:/i, '');
  if (/(^|;)\s*(DTSTART|TZID)\s*[=:]/i.test(body) || /\n/.test(body))
    throw new WindowRuleError('give RRULE properties only (e.g. FREQ=WEEKLY;BYDAY=SA): the window starts it, in its time zone');
  let options: Partial<Options>;
  try {
    options = RRule.parseString(body);
  } catch (error) {
    throw new WindowRuleError(`invalid RRULE: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (options.freq === undefined) throw new WindowRuleError('invalid RRULE: FREQ is required');
  if (options.freq === Frequency.MINUTELY || options.freq === Frequency.SECONDLY)
    throw new WindowRuleError('a window recurs at most hourly');
  return options;
}

/** An instant's wall-clock time in `zone`, as a Date whose UTC fields hold it (RRule's "floating" time). */
const wallOf = (instant: number, zone: string) => {
  const local = DateTime.fromMillis(instant, { zone });
  return Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second, local.millisecond);
};

/**
 * The instant a wall-clock time names in `zone`. A time skipped by a spring-forward change moves
 * forward by the gap; a time repeated by a fall-back change is its first (earlier) instant.
 */
const instantOf = (wall: number, zone: string) => {
  const fields = new Date(wall);
  return DateTime.fromObject(
    {
      year: fields.getUTCFullYear(),
      month: fields.getUTCMonth() + 1,
      day: fields.getUTCDate(),
      hour: fields.getUTCHours(),
      minute: fields.getUTCMinutes(),
      second: fields.getUTCSeconds(),
      millisecond: fields.getUTCMilliseconds(),
    },
    { zone },
  ).toMillis();
};

export interface WindowCheck {
  inside: boolean;
  /** The answer holds for every instant in [from, until). */
  from: number;
  until: number;
}

/**
 * Whether `instant` falls inside the window. A recurring window repeats its first occurrence's
 * wall-clock start and wall-clock length in its zone (02:00–04:00 stays 02:00–04:00 local across a
 * daylight-saving change, whatever that makes its length in real time).
 */
export function checkWindow(window: WindowSpan, options: Partial<Options> | null, instant: Date): WindowCheck {
  const at = instant.getTime();
  const start = window.startsAt.getTime();
  const end = window.endsAt.getTime();
  if (!options) {
    if (at < start) return { inside: false, from: Number.NEGATIVE_INFINITY, until: start };
    if (at < end) return { inside: true, from: start, until: end };
    return { inside: false, from: end, until: Number.POSITIVE_INFINITY };
  }
  const zone = window.timeZone;
  const wallStart = wallOf(start, zone);
  const wallLength = wallOf(end, zone) - wallStart;
  const rule = new RRule({ ...options, dtstart: new Date(wallStart) });
  const wallAt = wallOf(at, zone);
  const occurrences = rule
    .between(new Date(wallAt - wallLength - MARGIN_MS), new Date(wallAt + MARGIN_MS), true)
    .map((wall) => ({ from: instantOf(wall.getTime(), zone), until: instantOf(wall.getTime() + wallLength, zone) }));
  const containing = occurrences.filter((occurrence) => occurrence.from <= at && at < occurrence.until);
  if (containing.length > 0) {
    const latest = containing.reduce((a, b) => (b.from > a.from ? b : a));
    return { inside: true, from: latest.from, until: latest.until };
  }
  const ended = occurrences.filter((occurrence) => occurrence.until <= at).map((occurrence) => occurrence.until);
  const upcoming = occurrences.filter((occurrence) => occurrence.from > at).map((occurrence) => occurrence.from);
  let until = upcoming.length > 0 ? Math.min(...upcoming) : Number.NaN;
  if (Number.isNaN(until)) {
    const next = rule.after(new Date(wallAt + MARGIN_MS), false);
    until = next ? instantOf(next.getTime(), zone) : Number.POSITIVE_INFINITY;
  }
  return { inside: false, from: ended.length > 0 ? Math.max(...ended) : at, until };
}

/**
 * A window's check with its last answer kept: alerts arrive in time order, so nearly every check
 * falls in the span already known and costs no recurrence expansion.
 */
export function windowMatcher(window: WindowSpan): (instant: Date) => boolean {
  const options = window.rrule ? parseWindowRule(window.rrule) : null;
  let known: WindowCheck | null = null;
  return (instant) => {
    const at = instant.getTime();
    if (!known || at < known.from || at >= known.until) known = checkWindow(window, options, instant);
    return known.inside;
  };
}
