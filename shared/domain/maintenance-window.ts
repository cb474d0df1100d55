// Kept free of Node built-ins and I/O.
import { DateTime, IANAZone } from 'luxon';
import rrule, { type Options } from 'rrule';
import { BudgetExceededError, computeBudget, type ComputeBudget } from './compute-budget.ts';
import { WINDOW_RULE_BUDGET } from './compute-limits.ts';

// rrule ships CommonJS to Node: its named exports exist only on the default export.
const { Frequency, RRule } = rrule;

/** What users read when a rule's evaluation is cut off. */
const RULE = 'the recurrence rule';

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
/**
 * The longest a window muting every integration of the organization may last (one occurrence of a
 * recurring one, or the whole of a one-off one): longer, it is no longer maintenance but paging off.
 */
export const MAX_ORGANIZATION_WIDE_WINDOW_MS = 7 * 24 * 3600 * 1000;
// Wider than any zone's offset change, so candidates near a DST shift are never missed.
const MARGIN_MS = 24 * 3600 * 1000;

export class WindowRuleError extends Error {
  override name = 'WindowRuleError';
}

export function isTimeZone(zone: string): boolean {
  return IANAZone.isValidZone(zone);
}

const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));
const countOf = (value: unknown) => (value === null || value === undefined ? 0 : Array.isArray(value) ? value.length : 1);

/**
 * Reads an RRULE; throws WindowRuleError. Rules that recur more often than hourly are refused:
 * sub-hourly frequencies, and several BYMINUTE or BYSECOND values (`FREQ=HOURLY;BYMINUTE=0,30`
 * recurs every half hour). DTSTART/TZID are refused: the window's own start and zone say when and
 * where it recurs.
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
  if (countOf(options.byminute) > 1 || countOf(options.bysecond) > 1)
    throw new WindowRuleError('a window recurs at most hourly: give at most one BYMINUTE and one BYSECOND value');
  // rrule.js steps an hourly rule INTERVAL hours at a time until it meets a BYHOUR hour, forever
  // when it never can (INTERVAL=2 from an even hour, BYHOUR=1): only intervals coprime with 24 reach every hour.
  if (options.freq === Frequency.HOURLY && countOf(options.byhour) > 0 && gcd(options.interval ?? 1, 24) !== 1)
    throw new WindowRuleError('an hourly rule with BYHOUR needs an INTERVAL that shares no factor with 24 (1, 5, 7, 11...)');
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

/**
 * The rule from `dtstart`, each of its evaluations spending `budget`: rrule.js reads
 * `options.interval` once for every period (hour, day...) it walks through, matching or not, so a
 * getter there is the one place that sees a rule that never matches walk towards the year 9999.
 */
function budgetedRule(options: Partial<Options>, dtstart: Date, budget: ComputeBudget): InstanceType<typeof RRule> {
  const rule = new RRule({ ...options, dtstart });
  const interval = rule.options.interval;
  Object.defineProperty(rule.options, 'interval', {
    get() {
      budget.spend();
      return interval;
    },
  });
  return rule;
}

/** A budget for one evaluation of a window's rule (WINDOW_RULE_BUDGET). */
export const windowRuleBudget = (): ComputeBudget => computeBudget(RULE, WINDOW_RULE_BUDGET);

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
export function checkWindow(
  window: WindowSpan,
  options: Partial<Options> | null,
  instant: Date,
  budget: ComputeBudget = windowRuleBudget(),
): WindowCheck {
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
  const rule = budgetedRule(options, new Date(wallStart), budget);
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

/** How far past an instant one expansion of a window's rule answers for, so alerts cost a lookup. */
const MATCHER_HORIZON_MS = 7 * 24 * 3600 * 1000;

export interface WindowOccurrences {
  /** The spans below hold every occurrence that contains an instant of [from, until). */
  from: number;
  until: number;
  /** The union of the occurrences, sorted and disjoint. */
  spans: Array<{ from: number; until: number }>;
}

/**
 * A recurring window's occurrences around `instant`, expanded once under `budget` (throws
 * BudgetExceededError): they answer every instant of the week that follows it.
 */
export function windowOccurrencesAround(
  window: WindowSpan,
  options: Partial<Options>,
  instant: Date,
  budget: ComputeBudget = windowRuleBudget(),
): WindowOccurrences {
  const at = instant.getTime();
  const zone = window.timeZone;
  const wallStart = wallOf(window.startsAt.getTime(), zone);
  const wallLength = wallOf(window.endsAt.getTime(), zone) - wallStart;
  const wallAt = wallOf(at, zone);
  const occurrences = budgetedRule(options, new Date(wallStart), budget)
    .between(new Date(wallAt - wallLength - MARGIN_MS), new Date(wallAt + MATCHER_HORIZON_MS), true)
    .map((wall) => ({ from: instantOf(wall.getTime(), zone), until: instantOf(wall.getTime() + wallLength, zone) }))
    .filter((occurrence) => occurrence.until > occurrence.from)
    .sort((a, b) => a.from - b.from);
  const spans: WindowOccurrences['spans'] = [];
  for (const occurrence of occurrences) {
    const last = spans.at(-1);
    if (last && occurrence.from <= last.until) last.until = Math.max(last.until, occurrence.until);
    else spans.push({ ...occurrence });
  }
  return { from: at, until: at + MATCHER_HORIZON_MS - 2 * MARGIN_MS, spans };
}

/** Whether `at` falls in one of the sorted, disjoint `spans` (binary search). */
function inSpans(spans: WindowOccurrences['spans'], at: number): boolean {
  let low = 0;
  let high = spans.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const span = spans[middle] as (typeof spans)[number];
    if (at < span.from) high = middle - 1;
    else if (at >= span.until) low = middle + 1;
    else return true;
  }
  return false;
}

/**
 * A window's check for alerts: a recurring window's occurrences are expanded once for a week and
 * every alert in it is a binary search. A rule that spends its budget mutes nothing over that week
 * (an alert pages rather than being muted by a rule that cannot be evaluated); `onBudgetExceeded`
 * hears of it once per week.
 */
export function windowMatcher(window: WindowSpan, onBudgetExceeded?: (error: BudgetExceededError) => void): (instant: Date) => boolean {
  const options = window.rrule ? parseWindowRule(window.rrule) : null;
  if (!options) {
    const [start, end] = [window.startsAt.getTime(), window.endsAt.getTime()];
    return (instant) => instant.getTime() >= start && instant.getTime() < end;
  }
  let known: WindowOccurrences | null = null;
  return (instant) => {
    const at = instant.getTime();
    if (!known || at < known.from || at >= known.until) {
      try {
        known = windowOccurrencesAround(window, options, instant);
      } catch (error) {
        if (!(error instanceof BudgetExceededError)) throw error;
        onBudgetExceeded?.(error);
        known = { from: at, until: at + MATCHER_HORIZON_MS - 2 * MARGIN_MS, spans: [] };
      }
    }
    return inSpans(known.spans, at);
  };
}
