import {
  checkWindow,
  parseWindowRule,
  windowMatcher,
  WindowRuleError,
  type WindowSpan,
} from '../../../shared/domain/maintenance-window.ts';

const at = (iso: string) => new Date(iso);
const inside = (window: WindowSpan, iso: string) =>
  checkWindow(window, window.rrule ? parseWindowRule(window.rrule) : null, at(iso)).inside;

describe('checkWindow', () => {
  const oneOff: WindowSpan = {
    startsAt: at('2027-03-01T10:00:00Z'),
    endsAt: at('2027-03-01T12:00:00Z'),
    rrule: null,
    timeZone: 'UTC',
  };

  it.each([
    ['2027-03-01T09:59:59.999Z', false],
    ['2027-03-01T10:00:00Z', true],
    ['2027-03-01T11:59:59.999Z', true],
    ['2027-03-01T12:00:00Z', false],
    ['2027-03-02T10:30:00Z', false],
  ])('one-off window at %s → %p', (iso, expected) => {
    expect(inside(oneOff, iso)).toBe(expected);
  });

  // Daily 02:00–04:00 in New York. Spring forward: 2027-03-14 02:00 EST → 03:00 EDT;
  // fall back: 2027-11-07 02:00 EDT → 01:00 EST.
  const nightly: WindowSpan = {
    startsAt: at('2027-03-10T07:00:00Z'), // 02:00 EST
    endsAt: at('2027-03-10T09:00:00Z'), // 04:00 EST
    rrule: 'FREQ=DAILY',
    timeZone: 'America/New_York',
  };

  it.each([
    // Before the change: 02:00–04:00 EST = 07:00–09:00Z.
    ['2027-03-13T06:59:59Z', false],
    ['2027-03-13T07:00:00Z', true],
    ['2027-03-13T08:59:59Z', true],
    ['2027-03-13T09:00:00Z', false],
    // The day of the change: 02:00 does not exist, the occurrence starts at 03:00 EDT (07:00Z) and
    // ends at 04:00 EDT (08:00Z).
    ['2027-03-14T06:30:00Z', false],
    ['2027-03-14T07:00:00Z', true],
    ['2027-03-14T07:59:59Z', true],
    ['2027-03-14T08:00:00Z', false],
    // After it: 02:00–04:00 EDT = 06:00–08:00Z (a fixed UTC offset would have kept 07:00–09:00Z).
    ['2027-03-15T05:59:59Z', false],
    ['2027-03-15T06:00:00Z', true],
    ['2027-03-15T07:59:59Z', true],
    ['2027-03-15T08:00:00Z', false],
    ['2027-03-15T08:30:00Z', false],
    // Fall back: 02:00 EDT no longer exists on 2027-11-07 after 01:59 EDT → 01:00 EST; 02:00 EST = 07:00Z.
    ['2027-11-06T06:00:00Z', true], // 02:00 EDT the day before
    ['2027-11-07T06:00:00Z', false], // 01:00 EST, second pass
    ['2027-11-07T07:00:00Z', true], // 02:00 EST
    ['2027-11-07T08:59:59Z', true], // 03:59:59 EST
    ['2027-11-07T09:00:00Z', false],
  ])('daily 02:00–04:00 America/New_York at %s → %p', (iso, expected) => {
    expect(inside(nightly, iso)).toBe(expected);
  });

  it('follows BYDAY and COUNT, across midnight', () => {
    const saturdays: WindowSpan = {
      startsAt: at('2027-01-02T22:00:00Z'), // Saturday 23:00 in Paris
      endsAt: at('2027-01-03T01:00:00Z'),
      rrule: 'FREQ=WEEKLY;BYDAY=SA;COUNT=3',
      timeZone: 'Europe/Paris',
    };
    expect(inside(saturdays, '2027-01-09T23:30:00Z')).toBe(true);
    expect(inside(saturdays, '2027-01-10T00:30:00Z')).toBe(true); // crosses midnight
    expect(inside(saturdays, '2027-01-10T01:30:00Z')).toBe(false);
    expect(inside(saturdays, '2027-01-16T22:30:00Z')).toBe(true); // the third
    expect(inside(saturdays, '2027-01-23T22:30:00Z')).toBe(false); // COUNT=3 is over
    expect(inside(saturdays, '2027-01-05T22:30:00Z')).toBe(false); // a Tuesday
  });

  it('keeps its answer for the span it is known to hold, and recomputes past it', () => {
    const matcher = windowMatcher(nightly);
    const sequence = [
      '2027-03-13T07:30:00Z',
      '2027-03-13T08:00:00Z',
      '2027-03-13T10:00:00Z',
      '2027-03-15T06:30:00Z',
      '2027-03-13T07:45:00Z',
    ];
    expect(sequence.map((iso) => matcher(at(iso)))).toEqual([true, true, false, true, true]);
  });
});

describe('parseWindowRule', () => {
  it.each(['FREQ=WEEKLY;BYDAY=SA', 'RRULE:FREQ=DAILY;INTERVAL=2', 'FREQ=MONTHLY;BYMONTHDAY=1;UNTIL=20280101T000000Z', 'FREQ=HOURLY'])(
    'reads %s',
    (text) => {
      expect(parseWindowRule(text).freq).toBeDefined();
    },
  );

  it.each([
    '',
    'BYDAY=SA',
    'FREQ=MINUTELY',
    'FREQ=SECONDLY',
    'DTSTART=20270101T000000Z;FREQ=DAILY',
    'FREQ=DAILY;TZID=Europe/Paris',
    'FREQ=NEVER',
  ])('refuses %j', (text) => {
    expect(() => parseWindowRule(text)).toThrow(WindowRuleError);
  });
});

describe('under plain Node', () => {
  // Jest's module interop accepts named imports from CommonJS packages (rrule) that Node refuses:
  // the worker and the API load this module without Jest.
  it('loads and answers outside Jest', async () => {
    const { execFile } = await import('node:child_process');
    const script =
      "const m = await import('./shared/domain/maintenance-window.ts');" +
      "console.log(m.checkWindow({ startsAt: new Date('2027-01-01T00:00:00Z'), endsAt: new Date('2027-01-01T01:00:00Z'), rrule: 'FREQ=DAILY', timeZone: 'UTC' }, m.parseWindowRule('FREQ=DAILY'), new Date('2027-01-05T00:30:00Z')).inside)";
    const output = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--input-type=module', '-e', script],
        { cwd: process.cwd(), env: { ...process.env, NODE_OPTIONS: '' } },
        (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
      );
    });
    expect(output.trim()).toBe('true');
  });
});
