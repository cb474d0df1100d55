import {
  formatRange,
  formatWindow,
  instantToLocalInput,
  localInputToInstant,
  rowSegments,
  twoWeekWindow,
  windowDays,
} from '../../console/src/lib/timeline.ts';

const HOUR = 3_600_000;

describe('twoWeekWindow', () => {
  it.each([
    ['Berlin in winter', 'Europe/Berlin', '2026-11-27T18:00:00Z', 0, '2026-11-26T23:00:00.000Z', '2026-12-10T23:00:00.000Z'],
    ['Berlin, the next two weeks', 'Europe/Berlin', '2026-11-27T18:00:00Z', 1, '2026-12-10T23:00:00.000Z', '2026-12-24T23:00:00.000Z'],
    ['Berlin, the two weeks before', 'Europe/Berlin', '2026-11-27T18:00:00Z', -1, '2026-11-12T23:00:00.000Z', '2026-11-26T23:00:00.000Z'],
    // Local midnight of the zone, not of UTC: 02:00 UTC is still the previous evening in New York.
    [
      'New York, its own calendar day',
      'America/New_York',
      '2026-11-27T02:00:00Z',
      0,
      '2026-11-26T05:00:00.000Z',
      '2026-12-10T05:00:00.000Z',
    ],
    ['an alias zone', 'Asia/Calcutta', '2026-11-27T20:00:00Z', 0, '2026-11-27T18:30:00.000Z', '2026-12-11T18:30:00.000Z'],
  ])('%s', (_name, zone, now, page, from, to) => {
    expect(twoWeekWindow(zone, page, new Date(now))).toEqual({ from, to });
  });

  it.each([
    ['Berlin spring forward (one hour shorter)', 'Europe/Berlin', '2026-03-25T12:00:00Z', 14 * 24 - 1],
    ['Berlin fall back (one hour longer)', 'Europe/Berlin', '2026-10-20T12:00:00Z', 14 * 24 + 1],
    ['New York spring forward', 'America/New_York', '2026-03-02T17:00:00Z', 14 * 24 - 1],
    ['Lord Howe (half an hour)', 'Australia/Lord_Howe', '2026-03-30T01:00:00Z', 14 * 24 + 0.5],
  ])('counts days on the wall clock across DST: %s', (_name, zone, now, hours) => {
    const window = twoWeekWindow(zone, 0, new Date(now));
    expect((Date.parse(window.to) - Date.parse(window.from)) / HOUR).toBe(hours);
    const days = windowDays(window, zone);
    expect(days).toHaveLength(14);
    expect(days.reduce((sum, day) => sum + day.width, 0)).toBeCloseTo(100, 9);
  });
});

describe('windowDays', () => {
  it('labels each day of the window in the zone, the 25-hour day wider', () => {
    const window = twoWeekWindow('Europe/Berlin', 0, new Date('2026-10-20T12:00:00Z'));
    const days = windowDays(window, 'Europe/Berlin');
    expect(days.map((day) => day.label).slice(0, 7)).toEqual(['Tue 20', 'Wed 21', 'Thu 22', 'Fri 23', 'Sat 24', 'Sun 25', 'Mon 26']);
    const sunday = days.find((day) => day.iso === '2026-10-25');
    const monday = days.find((day) => day.iso === '2026-10-26');
    expect((sunday?.width ?? 0) / (monday?.width ?? 1)).toBeCloseTo(25 / 24, 9);
  });
});

describe('rowSegments', () => {
  const window = { from: '2026-11-30T00:00:00.000Z', to: '2026-12-02T00:00:00.000Z' };
  const at = (hours: number) => new Date(Date.parse(window.from) + hours * HOUR).toISOString();
  const layout = (segments: ReturnType<typeof rowSegments>) =>
    segments.map((s) => [s.kind, s.user_id ?? null, s.start, s.end, Number(s.left.toFixed(3)), Number(s.width.toFixed(3))]);

  it.each([
    [
      'one shift over the whole window',
      [{ user_id: 'ann', start: at(0), end: at(48) }],
      undefined,
      [['shift', 'ann', at(0), at(48), 0, 100]],
    ],
    [
      'shifts clipped to the window',
      [
        { user_id: 'ann', start: at(-10), end: at(12) },
        { user_id: 'bob', start: at(12), end: at(60) },
      ],
      undefined,
      [
        ['shift', 'ann', at(0), at(12), 0, 25],
        ['shift', 'bob', at(12), at(48), 25, 75],
      ],
    ],
    [
      'holes between shifts become gaps (a layer row)',
      [
        { user_id: 'ann', start: at(6), end: at(12) },
        { user_id: 'bob', start: at(24), end: at(36) },
      ],
      undefined,
      [
        ['gap', null, at(0), at(6), 0, 12.5],
        ['shift', 'ann', at(6), at(12), 12.5, 12.5],
        ['gap', null, at(12), at(24), 25, 25],
        ['shift', 'bob', at(24), at(36), 50, 25],
        ['gap', null, at(36), at(48), 75, 25],
      ],
    ],
    [
      "the API's gaps, as given (the final row)",
      [{ user_id: 'ann', start: at(0), end: at(24) }],
      [{ start: at(24), end: at(48) }],
      [
        ['shift', 'ann', at(0), at(24), 0, 50],
        ['gap', null, at(24), at(48), 50, 50],
      ],
    ],
    ['no shift at all: one gap', [], undefined, [['gap', null, at(0), at(48), 0, 100]]],
    ['a shift outside the window is left out', [{ user_id: 'ann', start: at(50), end: at(60) }], [], []],
  ])('%s', (_name, shifts, gaps, expected) => {
    expect(layout(rowSegments(shifts, window, gaps))).toEqual(expected);
  });

  it('keeps the source of each shift', () => {
    const [segment] = rowSegments([{ user_id: 'ann', start: at(0), end: at(1), source: 'override' }], window, []);
    expect(segment?.source).toBe('override');
  });
});

describe('local times in the schedule zone', () => {
  it.each([
    ['Berlin winter', '2026-11-30T09:00', 'Europe/Berlin', '2026-11-30T09:00:00+01:00'],
    ['Berlin summer', '2026-07-01T09:00', 'Europe/Berlin', '2026-07-01T09:00:00+02:00'],
    ['Kolkata', '2026-11-30T09:00', 'Asia/Kolkata', '2026-11-30T09:00:00+05:30'],
    ['a time the spring-forward skips moves past the gap', '2026-03-29T02:30', 'Europe/Berlin', '2026-03-29T03:30:00+02:00'],
    ['not a time', 'soon', 'Europe/Berlin', undefined],
  ])('%s', (_name, local, zone, instant) => {
    expect(localInputToInstant(local, zone)).toBe(instant);
  });

  it.each([
    ['2026-11-30T08:00:00Z', 'Europe/Berlin', '2026-11-30T09:00'],
    ['2026-11-30T08:00:00Z', 'America/New_York', '2026-11-30T03:00'],
  ])('%s in %s is %s on the wall clock', (iso, zone, local) => {
    expect(instantToLocalInput(iso, zone)).toBe(local);
  });

  it('names the window by its first and last days', () => {
    expect(formatWindow({ from: '2026-11-26T23:00:00.000Z', to: '2026-12-10T23:00:00.000Z' }, 'Europe/Berlin')).toBe(
      'Fri 27 Nov – Thu 10 Dec 2026',
    );
  });

  it.each([
    ['same day', '2026-11-30T08:00:00Z', '2026-11-30T16:00:00Z', 'Mon 30 Nov 09:00 – 17:00'],
    ['across days', '2026-11-30T08:00:00Z', '2026-12-01T08:00:00Z', 'Mon 30 Nov 09:00 – Tue 1 Dec 09:00'],
  ])('formats a range: %s', (_name, start, end, text) => {
    expect(formatRange(start, end, 'Europe/Berlin')).toBe(text);
  });
});
