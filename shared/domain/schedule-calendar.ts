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
 * A TEXT value as RFC 5545 allows it: line breaks become `\n` (escaped by ical.js, which leaves a
 * bare CR alone) and other control characters, which TEXT may not hold, are dropped.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;
const textValue = (value: string) => value.replace(/\r\n?/g, '\n').replace(CONTROL, '');

// Calendar apps read X-WR-CALNAME as TEXT (RFC 7986 NAME is its standard twin): registered as such,
// ical.js escapes it instead of writing it raw, and without a `VALUE=TEXT` parameter.
(ICAL.design.icalendar.property as Record<string, { defaultType: string }>)['x-wr-calname'] ??= { defaultType: 'text' };

/** Sets a TEXT property: escaped and folded by ical.js even where it does not know the property (X-WR-CALNAME). */
function setText(component: ICAL.Component, name: string, value: string) {
  const property = new ICAL.Property(name, component);
  if (property.type !== 'text') property.resetType('text');
  property.setValue(textValue(value));
  component.addProperty(property);
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
  setText(calendar, 'x-wr-calname', name);
  const dtstamp = ICAL.Time.fromJSDate(new Date(stamp), true);
  for (const shift of shifts) {
    const event = new ICAL.Component('vevent');
    event.updatePropertyWithValue('uid', `${shift.schedule_id}.${shift.user_id}.${new Date(shift.start).toISOString()}@tocsin`);
    event.updatePropertyWithValue('dtstamp', dtstamp);
    event.updatePropertyWithValue('dtstart', ICAL.Time.fromJSDate(new Date(shift.start), true));
    event.updatePropertyWithValue('dtend', ICAL.Time.fromJSDate(new Date(shift.end), true));
    setText(event, 'summary', `On call: ${shift.user_name} (${shift.schedule_name})`);
    event.updatePropertyWithValue('description', shift.source === 'override' ? 'Override' : 'Rotation');
    event.updatePropertyWithValue('x-tocsin-user-id', shift.user_id);
    event.updatePropertyWithValue('transp', 'TRANSPARENT');
    calendar.addSubcomponent(event);
  }
  return calendar.toString();
}
