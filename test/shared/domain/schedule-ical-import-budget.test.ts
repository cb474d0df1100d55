import fc from 'fast-check';
import { BudgetExceededError, computeBudget } from '../../../shared/domain/compute-budget.ts';
import { ICAL_IMPORT_BUDGET, ICAL_MAX_DOCUMENT_LINES, ICAL_OCCURRENCE_STEPS } from '../../../shared/domain/compute-limits.ts';
import { assertCalendarSize, CalendarTooLargeError, importCalendar } from '../../../shared/domain/schedule-ical-import.ts';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-30T00:00:00Z');
const FROM = NOW - 7 * DAY;
const TO = NOW + 400 * DAY;
const members = [{ id: 'ann', email: 'ann@example.test' }];
const stamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const document = (...events: string[][]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//x//EN', ...events.flat(), 'END:VCALENDAR'].join('\r\n');
const event = (uid: string, start: number, rrule?: string) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  `DTSTART:${stamp(start)}`,
  'DURATION:PT1H',
  ...(rrule ? [`RRULE:${rrule}`] : []),
  'SUMMARY:ann@example.test',
  'END:VEVENT',
];
const budget = () => computeBudget('the calendar', { ...ICAL_IMPORT_BUDGET, ms: 60_000 });

describe('importCalendar within its budget', () => {
  it('still shows a daily event started years ago: only occurrences in the window are counted against the per-event cap', () => {
    const spent = budget();
    const result = importCalendar(
      document(event('daily', Date.parse('2019-01-01T09:00:00Z'), 'FREQ=DAILY')),
      members,
      FROM,
      FROM + 3 * DAY,
      spent,
    );
    expect(result.events.map((e) => new Date(e.start).toISOString())).toEqual([
      '2026-11-23T09:00:00.000Z',
      '2026-11-24T09:00:00.000Z',
      '2026-11-25T09:00:00.000Z',
    ]);
    // About 2,900 days walked, each a candidate and an occurrence.
    expect(spent.spent).toBeGreaterThan(2_800 * (1 + ICAL_OCCURRENCE_STEPS));
    expect(spent.spent).toBeLessThan(ICAL_IMPORT_BUDGET.steps);
  });

  it('stops a rule whose candidates pass the end of the window without an error', () => {
    const spent = budget();
    const result = importCalendar(document(event('never', NOW, 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30')), members, FROM, TO, spent);
    expect(result.events).toHaveLength(1); // DTSTART is always the first occurrence (RFC 5545)
    expect(spent.spent).toBeLessThan(1_000);
  });

  it('counts lines and events before parsing', () => {
    const lines = Array.from({ length: ICAL_MAX_DOCUMENT_LINES }, () => 'X-A:b').join('\r\n');
    expect(() => assertCalendarSize(`BEGIN:VCALENDAR\r\n${lines}`)).toThrow(CalendarTooLargeError);
    // Folded continuation lines are part of their property, not lines of their own.
    expect(() => assertCalendarSize(`BEGIN:VCALENDAR\r\nX-A:b${'\r\n c'.repeat(ICAL_MAX_DOCUMENT_LINES)}\r\nEND:VCALENDAR`)).not.toThrow();
  });
});

// Random rules of the kinds calendar apps write, started up to two years back: every import ends
// within its budget; one that can never match (INTERVAL=7;BYDAY=TU from a Monday) is cut off by it.
const rule = fc
  .record({
    freq: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
    interval: fc.integer({ min: 1, max: 7 }),
    byday: fc.option(fc.uniqueArray(fc.constantFrom('MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'), { minLength: 1, maxLength: 3 }), {
      nil: undefined,
    }),
    bymonth: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 3 }), { nil: undefined }),
    bymonthday: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 28 }), { minLength: 1, maxLength: 2 }), { nil: undefined }),
    count: fc.option(fc.integer({ min: 1, max: 500 }), { nil: undefined }),
  })
  .filter(({ freq, bymonthday }) => !(freq === 'WEEKLY' && bymonthday))
  .map(({ freq, ...parts }) =>
    [
      `FREQ=${freq}`,
      ...Object.entries(parts)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => `${key.toUpperCase()}=${Array.isArray(value) ? value.join(',') : value}`),
    ].join(';'),
  );

describe('random recurrence rules within the limits (property)', () => {
  it('each import finishes within its budget or is cut off by it, never past it', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(rule, fc.integer({ min: -730, max: 30 })), { minLength: 1, maxLength: 4 }), (rules) => {
        const text = document(...rules.map(([rrule, days], i) => event(`e${i}`, NOW + days * DAY + 9 * 3_600_000, rrule)));
        const spent = budget();
        try {
          const { events } = importCalendar(text, members, FROM, TO, spent);
          for (const imported of events) expect(imported.end).toBeGreaterThan(FROM);
        } catch (error) {
          expect(error).toBeInstanceOf(BudgetExceededError);
        }
        expect(spent.spent).toBeLessThanOrEqual(ICAL_IMPORT_BUDGET.steps + ICAL_OCCURRENCE_STEPS);
      }),
      { numRuns: 60, seed: 44 },
    );
  });
});
