// Kept free of Node built-ins and I/O: writes rendered shifts as an iCalendar (RFC 5545) document.
import ICAL from 'ical.js';

export interface CalendarShift {
  schedule_id: string;
  schedule_name: string;
  user_id: string;
  user_name: string;
  start: number;
  end: number;
  source: 'layer' | 'override';
}

/**
 * One VEVENT per shift, in UTC. A shift's UID is stable (schedule, user, start), so calendar apps
 * update an event in place when its end moves instead of duplicating it.
 */
export function shiftsCalendar(name: string, shifts: readonly CalendarShift[], stamp: number): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.updatePropertyWithValue('prodid', '-//Tocsin//On-call schedules//EN');
  calendar.updatePropertyWithValue('version', '2.0');
  calendar.updatePropertyWithValue('calscale', 'GREGORIAN');
  calendar.updatePropertyWithValue('x-wr-calname', name);
  const dtstamp = ICAL.Time.fromJSDate(new Date(stamp), true);
  for (const shift of shifts) {
    const event = new ICAL.Component('vevent');
    event.updatePropertyWithValue('uid', `${shift.schedule_id}.${shift.user_id}.${new Date(shift.start).toISOString()}@tocsin`);
    event.updatePropertyWithValue('dtstamp', dtstamp);
    event.updatePropertyWithValue('dtstart', ICAL.Time.fromJSDate(new Date(shift.start), true));
    event.updatePropertyWithValue('dtend', ICAL.Time.fromJSDate(new Date(shift.end), true));
    event.updatePropertyWithValue('summary', `On call: ${shift.user_name} (${shift.schedule_name})`);
    event.updatePropertyWithValue('description', shift.source === 'override' ? 'Override' : 'Rotation');
    event.updatePropertyWithValue('x-tocsin-user-id', shift.user_id);
    event.updatePropertyWithValue('transp', 'TRANSPARENT');
    calendar.addSubcomponent(event);
  }
  return calendar.toString();
}
