// Kept free of Node built-ins and I/O: turns an external iCalendar document into on-call events.
import ICAL from 'ical.js';

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
/** Recurrences are expanded at most this many times per event, whatever the window. */
const MAX_OCCURRENCES = 2000;

/**
 * The occurrences of `text`'s events over `[from, to)` (recurrences expanded, in their own zones),
 * each matched to a member: the first `ATTENDEE mailto:` address that is a member's email, else
 * the first member email in the `SUMMARY`. Throws on a document that is not iCalendar.
 */
export function importCalendar(text: string, members: readonly { id: string; email: string }[], from: number, to: number): ImportResult {
  const byEmail = new Map(members.map((member) => [member.email.toLowerCase(), member.id]));
  const calendar = new ICAL.Component(ICAL.parse(text));
  // ical.js keeps zones in one process-wide registry: the document's own VTIMEZONEs are registered
  // only while this synchronous call runs, so one calendar's zone rules never reach another's.
  const zones = calendar.getAllSubcomponents('vtimezone').map((zone) => String(zone.getFirstPropertyValue('tzid')));
  const previous = new Map(zones.map((tzid) => [tzid, ICAL.TimezoneService.get(tzid)]));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  try {
    return expand(calendar, byEmail, from, to);
  } finally {
    for (const [tzid, zone] of previous) {
      ICAL.TimezoneService.remove(tzid);
      if (zone) ICAL.TimezoneService.register(zone, tzid);
    }
  }
}

function expand(calendar: ICAL.Component, byEmail: ReadonlyMap<string, string>, from: number, to: number): ImportResult {
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
    const user = matchUser(event, byEmail);
    const occurrences: { start: number; end: number }[] = [];
    if (event.isRecurring()) {
      // RFC 5545: the exact duration of the first occurrence applies to every generated one.
      const exact = event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime();
      const iterator = event.iterator();
      for (let next = iterator.next(), count = 0; next && count < MAX_OCCURRENCES; next = iterator.next(), count += 1) {
        const details = event.getOccurrenceDetails(next);
        const start = details.startDate.toJSDate().getTime();
        if (start >= to) break;
        occurrences.push({ start, end: details.item === event ? start + exact : details.endDate.toJSDate().getTime() });
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
