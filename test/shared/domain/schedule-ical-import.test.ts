import { importCalendar } from '../../../shared/domain/schedule-ical-import.ts';

const members = [
  { id: 'ann-id', email: 'Ann@Example.test' },
  { id: 'bob-id', email: 'bob@example.test' },
];
const iso = (value: number) => new Date(value).toISOString();
const ms = (value: string) => Date.parse(value);

const calendar = (events: string) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', VTIMEZONE_BERLIN, events, 'END:VCALENDAR'].join('\r\n');

const VTIMEZONE_BERLIN = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

describe('importCalendar', () => {
  it('matches by attendee first, then by an email in the summary, case-insensitively; counts the rest', () => {
    const text = calendar(
      [
        'BEGIN:VEVENT',
        'UID:1',
        'DTSTAMP:20260101T000000Z',
        'DTSTART:20260701T080000Z',
        'DTEND:20260701T160000Z',
        'SUMMARY:On call bob@example.test',
        'ATTENDEE;CN=Ann:mailto:ann@example.test',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:2',
        'DTSTAMP:20260101T000000Z',
        'DTSTART:20260701T160000Z',
        'DTEND:20260702T080000Z',
        'SUMMARY:Primary: BOB@example.test',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:3',
        'DTSTAMP:20260101T000000Z',
        'DTSTART:20260702T080000Z',
        'DTEND:20260702T160000Z',
        'SUMMARY:Primary: nobody@elsewhere.test',
        'END:VEVENT',
      ].join('\r\n'),
    );
    const result = importCalendar(text, members, ms('2026-07-01T00:00:00Z'), ms('2026-07-03T00:00:00Z'));
    expect(result.events.map((e) => [e.user, iso(e.start), iso(e.end)])).toEqual([
      ['ann-id', '2026-07-01T08:00:00.000Z', '2026-07-01T16:00:00.000Z'],
      ['bob-id', '2026-07-01T16:00:00.000Z', '2026-07-02T08:00:00.000Z'],
    ]);
    expect(result.unmatched).toBe(1);
  });

  it('expands a weekly recurrence in its own zone across DST, honouring an exception, inside the window only', () => {
    const text = calendar(
      [
        'BEGIN:VEVENT',
        'UID:weekly',
        'DTSTAMP:20260101T000000Z',
        'DTSTART;TZID=Europe/Berlin:20261019T090000',
        'DTEND;TZID=Europe/Berlin:20261026T090000',
        'RRULE:FREQ=WEEKLY;INTERVAL=2',
        'SUMMARY:ann@example.test',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:weekly',
        'DTSTAMP:20260101T000000Z',
        'RECURRENCE-ID;TZID=Europe/Berlin:20261102T090000',
        'DTSTART;TZID=Europe/Berlin:20261102T120000',
        'DTEND;TZID=Europe/Berlin:20261109T090000',
        'SUMMARY:ann@example.test',
        'END:VEVENT',
      ].join('\r\n'),
    );
    const result = importCalendar(text, members, ms('2026-10-20T00:00:00Z'), ms('2026-11-20T00:00:00Z'));
    expect(result.events.map((e) => [iso(e.start), iso(e.end)])).toEqual([
      // 09:00 CEST to 09:00 CET: the week across the change is 169 hours.
      ['2026-10-19T07:00:00.000Z', '2026-10-26T08:00:00.000Z'],
      ['2026-11-02T11:00:00.000Z', '2026-11-09T08:00:00.000Z'],
      // RFC 5545: every occurrence lasts the first one's exact 169 hours.
      ['2026-11-16T08:00:00.000Z', '2026-11-23T09:00:00.000Z'],
    ]);
  });

  it('refuses a document that is not iCalendar', () => {
    expect(() => importCalendar('<html>not a calendar</html>', members, 0, 1)).toThrow();
  });
});
