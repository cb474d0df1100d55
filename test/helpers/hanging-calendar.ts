/**
 * The 217-byte calendar whose recurrence can never match (no February 30th), started long
 * before any import window: ical.js's iterator searches for an occurrence forever unless something
 * bounds it (the import's budget refuses it after a run of dates without one).
 */
export const hangingCalendar = (start = '19700101T000000Z') =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tocsin tests//EN',
    'BEGIN:VEVENT',
    'UID:never@tocsin.test',
    `DTSTAMP:${start}`,
    `DTSTART:${start}`,
    'DURATION:PT1H',
    'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
    'SUMMARY:never',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
