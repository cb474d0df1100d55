// Kept free of Node built-ins and I/O: turns an external iCalendar document into on-call events.
import ICAL from 'ical.js';
import { computeBudget, type ComputeBudget, type ComputePace } from './compute-budget.ts';
import {
  ICAL_IMPORT_BUDGET,
  ICAL_MAX_CANDIDATES_WITHOUT_OCCURRENCE,
  ICAL_MAX_DOCUMENT_EVENTS,
  ICAL_MAX_DOCUMENT_LINES,
  ICAL_MAX_OCCURRENCES_PER_EVENT,
  ICAL_OCCURRENCE_STEPS,
} from './compute-limits.ts';
import { withRecurrenceGuard, type RecurrenceGuard } from './ical-recurrence-guard.ts';

export interface ImportedEvent {
  user: string;
  start: number;
  end: number;
}

export interface ImportResult {
  events: ImportedEvent[];
  /** Occurrences in the window naming no member of the organization (by attendee or summary email). */
  unmatched: number;
}

// Words of a summary: an address is matched whole against members' emails, never searched by regex.
const SEPARATORS = /[\s<>()[\],;:"']+/;

/** A document refused before it is parsed: too many events or lines. The message is for users. */
export class CalendarTooLargeError extends Error {
  override name = 'CalendarTooLargeError';
}

/**
 * Counts the document's events and content lines (a folded line continues with a space or tab)
 * before anything is built from it; throws CalendarTooLargeError past the limits.
 */
export function assertCalendarSize(text: string): void {
  let lines = 0;
  let events = 0;
  for (const match of text.matchAll(/(?:^|\n)([^ \t\r\n][^\r\n]*)/g)) {
    lines += 1;
    if (lines > ICAL_MAX_DOCUMENT_LINES)
      throw new CalendarTooLargeError(`The calendar has more than ${ICAL_MAX_DOCUMENT_LINES} lines (properties); split it`);
    if (/^BEGIN:VEVENT\s*$/i.test(match[1] as string)) {
      events += 1;
      if (events > ICAL_MAX_DOCUMENT_EVENTS)
        throw new CalendarTooLargeError(`The calendar has more than ${ICAL_MAX_DOCUMENT_EVENTS} events; split it or remove past events`);
    }
  }
}

/** One import's budget (ICAL_IMPORT_BUDGET); an import in a thread of its own passes its pace. */
export const calendarBudget = (pace?: ComputePace): ComputeBudget => computeBudget('the calendar', ICAL_IMPORT_BUDGET, Date.now, pace);

/**
 * The occurrences of `text`'s events over `[from, to)` (recurrences expanded, in their own zones),
 * each matched to a member: the first `ATTENDEE mailto:` address that is a member's email, else
 * the first member email in the `SUMMARY`. Throws on a document that is not iCalendar,
 * CalendarTooLargeError on one with too many events or lines, and BudgetExceededError when
 * expanding it costs more than `budget` (by default ICAL_IMPORT_BUDGET) or a recurrence rule looks
 * at ICAL_MAX_CANDIDATES_WITHOUT_OCCURRENCE dates in a row without finding an occurrence.
 */
export function importCalendar(
  text: string,
  members: readonly { id: string; email: string }[],
  from: number,
  to: number,
  budget: ComputeBudget = calendarBudget(),
): ImportResult {
  assertCalendarSize(text);
  const byEmail = new Map(members.map((member) => [member.email.toLowerCase(), member.id]));
  const calendar = new ICAL.Component(ICAL.parse(text));
  // ical.js keeps zones in one process-wide registry: the document's own VTIMEZONEs are registered
  // only while this synchronous call runs, so one calendar's zone rules never reach another's.
  const zones = calendar.getAllSubcomponents('vtimezone').map((zone) => String(zone.getFirstPropertyValue('tzid')));
  const previous = new Map(zones.map((tzid) => [tzid, ICAL.TimezoneService.get(tzid)]));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  try {
    return withRecurrenceGuard({ budget, windowEnd: to, maxMisses: ICAL_MAX_CANDIDATES_WITHOUT_OCCURRENCE }, (guard) =>
      expand(calendar, byEmail, from, to, budget, guard),
    );
  } finally {
    for (const [tzid, zone] of previous) {
      ICAL.TimezoneService.remove(tzid);
      if (zone) ICAL.TimezoneService.register(zone, tzid);
    }
  }
}

function expand(
  calendar: ICAL.Component,
  byEmail: ReadonlyMap<string, string>,
  from: number,
  to: number,
  budget: ComputeBudget,
  guard: RecurrenceGuard,
): ImportResult {
  const events: ImportedEvent[] = [];
  let unmatched = 0;
  const vevents = calendar.getAllSubcomponents('vevent');
  // Exceptions (RECURRENCE-ID) are attached to their master so its iterator yields them in place.
  const masters = new Map<string, ICAL.Event>();
  for (const component of vevents) {
    if (component.hasProperty('recurrence-id')) continue;
    const event = new ICAL.Event(component);
    masters.set(event.uid, event);
  }
  for (const component of vevents) {
    if (!component.hasProperty('recurrence-id')) continue;
    const master = masters.get(String(component.getFirstPropertyValue('uid')));
    if (master) master.relateException(component);
  }
  for (const event of masters.values()) {
    budget.spend(ICAL_OCCURRENCE_STEPS);
    const user = matchUser(event, byEmail);
    const occurrences: { start: number; end: number }[] = [];
    if (event.isRecurring()) {
      // RFC 5545: the exact duration of the first occurrence applies to every generated one.
      const exact = event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime();
      guard.describe(`the event ${JSON.stringify(String(event.summary || event.uid || '').slice(0, 80))}`);
      const iterator = event.iterator();
      guard.windowed(iterator);
      // Occurrences before the window cost budget but are not counted: a rule started years ago still shows.
      for (let next = iterator.next(); next && occurrences.length < ICAL_MAX_OCCURRENCES_PER_EVENT; next = iterator.next()) {
        budget.spend(ICAL_OCCURRENCE_STEPS);
        const details = event.getOccurrenceDetails(next);
        const start = details.startDate.toJSDate().getTime();
        if (start >= to) break;
        const end = details.item === event ? start + exact : details.endDate.toJSDate().getTime();
        if (end > from) occurrences.push({ start, end });
      }
    } else {
      occurrences.push({ start: event.startDate.toJSDate().getTime(), end: event.endDate.toJSDate().getTime() });
    }
    for (const occurrence of occurrences) {
      if (occurrence.end <= from || occurrence.start >= to || occurrence.end <= occurrence.start) continue;
      if (user) events.push({ user, ...occurrence });
      else unmatched += 1;
    }
  }
  events.sort((a, b) => a.start - b.start || a.end - b.end);
  return { events, unmatched };
}

function matchUser(event: ICAL.Event, byEmail: ReadonlyMap<string, string>): string | undefined {
  for (const attendee of event.attendees) {
    const value = String(attendee.getFirstValue() ?? '')
      .replace(/^mailto:/i, '')
      .toLowerCase();
    const user = byEmail.get(value);
    if (user) return user;
  }
  for (const word of (event.summary ?? '').toLowerCase().split(SEPARATORS)) {
    const user = byEmail.get(word);
    if (user) return user;
  }
  return undefined;
}
