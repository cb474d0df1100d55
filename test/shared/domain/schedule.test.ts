import {
  newGaps,
  onCallAt,
  renderSchedule,
  withoutUser,
  type Override,
  type RotationLayer,
  type ScheduleDefinition,
  type ScheduleLayer,
} from '../../../shared/domain/schedule.ts';

const ms = (value: string) => {
  const parsed = Date.parse(value);
  if (Number.isNaN(parsed)) throw new Error(`bad instant in test: ${value}`);
  return parsed;
};
const iso = (value: number) => new Date(value).toISOString();

type Row = [user: string, start: string, end: string, source?: 'layer' | 'override'];

const rotation = (fields: Partial<Omit<RotationLayer, 'start' | 'end' | 'kind'>> & { start: string; end?: string }): ScheduleLayer => ({
  kind: 'rotation',
  users: ['ann', 'bob'],
  rotation: 'daily',
  handoff_time: '09:00',
  ...fields,
  start: ms(fields.start),
  end: fields.end ? ms(fields.end) : null,
});

const override = (id: string, user: string, start: string, end: string): Override => ({ id, user, start: ms(start), end: ms(end) });

const render = (schedule: ScheduleDefinition, from: string, to: string) => {
  const { shifts, gaps } = renderSchedule(schedule, ms(from), ms(to));
  return {
    shifts: shifts.map((shift) => [shift.user, iso(shift.start), iso(shift.end), shift.source]),
    gaps: gaps.map((gap) => [iso(gap.start), iso(gap.end)]),
  };
};

const rows = (expected: Row[]) => expected.map(([user, start, end, source]) => [user, iso(ms(start)), iso(ms(end)), source ?? 'layer']);
const gapRows = (expected: [string, string][]) => expected.map(([start, end]) => [iso(ms(start)), iso(ms(end))]);

interface Case {
  name: string;
  zone: string;
  layers: ScheduleLayer[];
  overrides?: Override[];
  from: string;
  to: string;
  shifts: Row[];
  gaps?: [string, string][];
}

const cases: Case[] = [
  {
    name: 'daily rotation in UTC, first turn contains the start',
    zone: 'UTC',
    layers: [rotation({ users: ['ann', 'bob', 'cat'], start: '2026-05-04T12:00:00Z' })],
    from: '2026-05-04T12:00:00Z',
    to: '2026-05-07T09:00:00Z',
    shifts: [
      ['ann', '2026-05-04T12:00:00Z', '2026-05-05T09:00:00Z'],
      ['bob', '2026-05-05T09:00:00Z', '2026-05-06T09:00:00Z'],
      ['cat', '2026-05-06T09:00:00Z', '2026-05-07T09:00:00Z'],
    ],
  },
  {
    name: 'weekly rotation handing off on Monday 09:00 local',
    zone: 'Europe/Paris',
    layers: [rotation({ rotation: 'weekly', handoff_day: 1, start: '2026-05-06T00:00:00+02:00' })],
    from: '2026-05-06T00:00:00+02:00',
    to: '2026-05-25T09:00:00+02:00',
    shifts: [
      ['ann', '2026-05-06T00:00:00+02:00', '2026-05-11T09:00:00+02:00'],
      ['bob', '2026-05-11T09:00:00+02:00', '2026-05-18T09:00:00+02:00'],
      ['ann', '2026-05-18T09:00:00+02:00', '2026-05-25T09:00:00+02:00'],
    ],
  },
  {
    name: 'custom 12-hour rotation keeps 08:00 and 20:00 local',
    zone: 'America/Chicago',
    layers: [rotation({ rotation: 'custom', turn_hours: 12, handoff_time: '08:00', start: '2026-06-01T08:00:00-05:00' })],
    from: '2026-06-01T08:00:00-05:00',
    to: '2026-06-02T20:00:00-05:00',
    shifts: [
      ['ann', '2026-06-01T08:00:00-05:00', '2026-06-01T20:00:00-05:00'],
      ['bob', '2026-06-01T20:00:00-05:00', '2026-06-02T08:00:00-05:00'],
      ['ann', '2026-06-02T08:00:00-05:00', '2026-06-02T20:00:00-05:00'],
    ],
  },
  {
    name: 'custom 36-hour rotation over three users',
    zone: 'UTC',
    layers: [
      rotation({ users: ['ann', 'bob', 'cat'], rotation: 'custom', turn_hours: 36, handoff_time: '00:00', start: '2026-06-01T00:00:00Z' }),
    ],
    from: '2026-06-01T00:00:00Z',
    to: '2026-06-06T00:00:00Z',
    shifts: [
      ['ann', '2026-06-01T00:00:00Z', '2026-06-02T12:00:00Z'],
      ['bob', '2026-06-02T12:00:00Z', '2026-06-04T00:00:00Z'],
      ['cat', '2026-06-04T00:00:00Z', '2026-06-05T12:00:00Z'],
      ['ann', '2026-06-05T12:00:00Z', '2026-06-06T00:00:00Z'],
    ],
  },
  {
    name: 'restricted to weekdays 09:00-17:00, gaps everywhere else',
    zone: 'Europe/London',
    layers: [
      rotation({
        handoff_time: '09:00',
        start: '2026-07-03T09:00:00+01:00',
        restrictions: [{ days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' }],
      }),
    ],
    from: '2026-07-03T00:00:00+01:00',
    to: '2026-07-07T00:00:00+01:00',
    shifts: [
      ['ann', '2026-07-03T09:00:00+01:00', '2026-07-03T17:00:00+01:00'],
      ['bob', '2026-07-06T09:00:00+01:00', '2026-07-06T17:00:00+01:00'],
    ],
    gaps: [
      ['2026-07-03T00:00:00+01:00', '2026-07-03T09:00:00+01:00'],
      ['2026-07-03T17:00:00+01:00', '2026-07-06T09:00:00+01:00'],
      ['2026-07-06T17:00:00+01:00', '2026-07-07T00:00:00+01:00'],
    ],
  },
  {
    name: 'a night restriction runs past midnight; a whole-day one covers the weekend',
    zone: 'UTC',
    layers: [
      rotation({
        users: ['ann'],
        start: '2026-07-01T00:00:00Z',
        restrictions: [
          { days: [5], start: '22:00', end: '06:00' },
          { days: [7], start: '00:00', end: '00:00' },
        ],
      }),
    ],
    from: '2026-07-03T00:00:00Z',
    to: '2026-07-06T00:00:00Z',
    shifts: [
      ['ann', '2026-07-03T22:00:00Z', '2026-07-04T06:00:00Z'],
      ['ann', '2026-07-05T00:00:00Z', '2026-07-06T00:00:00Z'],
    ],
    gaps: [
      ['2026-07-03T00:00:00Z', '2026-07-03T22:00:00Z'],
      ['2026-07-04T06:00:00Z', '2026-07-05T00:00:00Z'],
    ],
  },
  {
    name: 'a later layer wins where it has someone, the earlier fills the rest',
    zone: 'UTC',
    layers: [
      rotation({ users: ['ann'], start: '2026-07-01T00:00:00Z' }),
      rotation({ users: ['bob', 'cat'], start: '2026-07-01T09:00:00Z', restrictions: [{ start: '09:00', end: '17:00' }] }),
    ],
    from: '2026-07-01T00:00:00Z',
    to: '2026-07-03T00:00:00Z',
    shifts: [
      ['ann', '2026-07-01T00:00:00Z', '2026-07-01T09:00:00Z'],
      ['bob', '2026-07-01T09:00:00Z', '2026-07-01T17:00:00Z'],
      ['ann', '2026-07-01T17:00:00Z', '2026-07-02T09:00:00Z'],
      ['cat', '2026-07-02T09:00:00Z', '2026-07-02T17:00:00Z'],
      ['ann', '2026-07-02T17:00:00Z', '2026-07-03T00:00:00Z'],
    ],
  },
  {
    name: 'the same user on adjacent pieces of two layers is one shift',
    zone: 'UTC',
    layers: [
      rotation({ users: ['ann'], start: '2026-07-01T00:00:00Z' }),
      rotation({ users: ['ann'], start: '2026-07-01T00:00:00Z', restrictions: [{ start: '09:00', end: '17:00' }] }),
    ],
    from: '2026-07-01T00:00:00Z',
    to: '2026-07-02T00:00:00Z',
    shifts: [['ann', '2026-07-01T00:00:00Z', '2026-07-02T00:00:00Z']],
  },
  {
    name: 'an override spanning two handoffs, above every layer',
    zone: 'UTC',
    layers: [rotation({ users: ['ann', 'bob', 'cat'], start: '2026-07-01T09:00:00Z' })],
    overrides: [override('o1', 'dan', '2026-07-01T21:00:00Z', '2026-07-03T12:00:00Z')],
    from: '2026-07-01T09:00:00Z',
    to: '2026-07-04T09:00:00Z',
    shifts: [
      ['ann', '2026-07-01T09:00:00Z', '2026-07-01T21:00:00Z'],
      ['dan', '2026-07-01T21:00:00Z', '2026-07-03T12:00:00Z', 'override'],
      ['cat', '2026-07-03T12:00:00Z', '2026-07-04T09:00:00Z'],
    ],
  },
  {
    name: 'overlapping overrides: the later one wins; an override fills a gap; same user keeps sources apart',
    zone: 'UTC',
    layers: [rotation({ users: ['ann'], start: '2026-07-01T00:00:00Z', end: '2026-07-02T00:00:00Z' })],
    overrides: [
      override('o1', 'bob', '2026-07-01T06:00:00Z', '2026-07-01T12:00:00Z'),
      override('o2', 'cat', '2026-07-01T10:00:00Z', '2026-07-01T11:00:00Z'),
      override('o3', 'ann', '2026-07-01T20:00:00Z', '2026-07-02T04:00:00Z'),
    ],
    from: '2026-07-01T00:00:00Z',
    to: '2026-07-02T06:00:00Z',
    shifts: [
      ['ann', '2026-07-01T00:00:00Z', '2026-07-01T06:00:00Z'],
      ['bob', '2026-07-01T06:00:00Z', '2026-07-01T10:00:00Z', 'override'],
      ['cat', '2026-07-01T10:00:00Z', '2026-07-01T11:00:00Z', 'override'],
      ['bob', '2026-07-01T11:00:00Z', '2026-07-01T12:00:00Z', 'override'],
      ['ann', '2026-07-01T12:00:00Z', '2026-07-01T20:00:00Z'],
      ['ann', '2026-07-01T20:00:00Z', '2026-07-02T04:00:00Z', 'override'],
    ],
    gaps: [['2026-07-02T04:00:00Z', '2026-07-02T06:00:00Z']],
  },
  {
    name: 'gaps before a layer starts and after it ends are reported exactly',
    zone: 'UTC',
    layers: [rotation({ users: ['ann'], start: '2026-07-01T03:30:00Z', end: '2026-07-01T20:15:00Z' })],
    from: '2026-07-01T00:00:00Z',
    to: '2026-07-02T00:00:00Z',
    shifts: [['ann', '2026-07-01T03:30:00Z', '2026-07-01T20:15:00Z']],
    gaps: [
      ['2026-07-01T00:00:00Z', '2026-07-01T03:30:00Z'],
      ['2026-07-01T20:15:00Z', '2026-07-02T00:00:00Z'],
    ],
  },
  {
    name: 'imported calendar events: the later-starting one wins an overlap',
    zone: 'UTC',
    layers: [
      {
        kind: 'ical',
        start: ms('2026-07-01T00:00:00Z'),
        events: [
          { user: 'bob', start: ms('2026-07-01T12:00:00Z'), end: ms('2026-07-01T18:00:00Z') },
          { user: 'ann', start: ms('2026-07-01T08:00:00Z'), end: ms('2026-07-01T14:00:00Z') },
        ],
      },
    ],
    from: '2026-07-01T00:00:00Z',
    to: '2026-07-02T00:00:00Z',
    shifts: [
      ['ann', '2026-07-01T08:00:00Z', '2026-07-01T12:00:00Z'],
      ['bob', '2026-07-01T12:00:00Z', '2026-07-01T18:00:00Z'],
    ],
    gaps: [
      ['2026-07-01T00:00:00Z', '2026-07-01T08:00:00Z'],
      ['2026-07-01T18:00:00Z', '2026-07-02T00:00:00Z'],
    ],
  },
  // Daylight saving: handoffs stay at the local hour, so the turn across the change is shorter or longer.
  {
    name: 'Europe/Berlin spring forward 2026-03-29: the daily turn is 23 hours',
    zone: 'Europe/Berlin',
    layers: [rotation({ start: '2026-03-28T09:00:00+01:00' })],
    from: '2026-03-28T09:00:00+01:00',
    to: '2026-03-30T09:00:00+02:00',
    shifts: [
      ['ann', '2026-03-28T09:00:00+01:00', '2026-03-29T09:00:00+02:00'],
      ['bob', '2026-03-29T09:00:00+02:00', '2026-03-30T09:00:00+02:00'],
    ],
  },
  {
    name: 'Europe/Berlin fall back 2026-10-25: the daily turn is 25 hours',
    zone: 'Europe/Berlin',
    layers: [rotation({ start: '2026-10-24T09:00:00+02:00' })],
    from: '2026-10-24T09:00:00+02:00',
    to: '2026-10-26T09:00:00+01:00',
    shifts: [
      ['ann', '2026-10-24T09:00:00+02:00', '2026-10-25T09:00:00+01:00'],
      ['bob', '2026-10-25T09:00:00+01:00', '2026-10-26T09:00:00+01:00'],
    ],
  },
  {
    name: 'Europe/Berlin: a handoff at 02:30, skipped on 2026-03-29, moves to 03:30 like the clock',
    zone: 'Europe/Berlin',
    layers: [rotation({ handoff_time: '02:30', start: '2026-03-28T02:30:00+01:00' })],
    from: '2026-03-28T02:30:00+01:00',
    to: '2026-03-30T02:30:00+02:00',
    shifts: [
      ['ann', '2026-03-28T02:30:00+01:00', '2026-03-29T03:30:00+02:00'],
      ['bob', '2026-03-29T03:30:00+02:00', '2026-03-30T02:30:00+02:00'],
    ],
  },
  {
    name: 'Europe/Berlin: weekly turn across 2026-10-25 is 169 hours, 12-hour turns keep 08:00/20:00',
    zone: 'Europe/Berlin',
    layers: [
      rotation({ users: ['ann', 'bob'], rotation: 'weekly', handoff_day: 1, start: '2026-10-19T09:00:00+02:00' }),
      rotation({
        users: ['cat', 'dan'],
        rotation: 'custom',
        turn_hours: 12,
        handoff_time: '08:00',
        start: '2026-10-24T20:00:00+02:00',
        end: '2026-10-25T20:00:00+01:00',
      }),
    ],
    from: '2026-10-19T09:00:00+02:00',
    to: '2026-11-02T09:00:00+01:00',
    shifts: [
      ['ann', '2026-10-19T09:00:00+02:00', '2026-10-24T20:00:00+02:00'],
      // The 12-hour layer's anchor is 08:00 on its start day: cat's turn ended at 20:00, dan's begins.
      ['dan', '2026-10-24T20:00:00+02:00', '2026-10-25T08:00:00+01:00'],
      ['cat', '2026-10-25T08:00:00+01:00', '2026-10-25T20:00:00+01:00'],
      ['ann', '2026-10-25T20:00:00+01:00', '2026-10-26T09:00:00+01:00'],
      ['bob', '2026-10-26T09:00:00+01:00', '2026-11-02T09:00:00+01:00'],
    ],
  },
  {
    name: 'America/New_York spring forward 2026-03-08: the daily turn is 23 hours',
    zone: 'America/New_York',
    layers: [rotation({ handoff_time: '00:00', start: '2026-03-07T00:00:00-05:00' })],
    from: '2026-03-07T00:00:00-05:00',
    to: '2026-03-10T00:00:00-04:00',
    shifts: [
      ['ann', '2026-03-07T00:00:00-05:00', '2026-03-08T00:00:00-05:00'],
      ['bob', '2026-03-08T00:00:00-05:00', '2026-03-09T00:00:00-04:00'],
      ['ann', '2026-03-09T00:00:00-04:00', '2026-03-10T00:00:00-04:00'],
    ],
  },
  {
    name: 'America/New_York fall back 2026-11-01: the daily turn is 25 hours',
    zone: 'America/New_York',
    layers: [rotation({ handoff_time: '00:00', start: '2026-10-31T00:00:00-04:00' })],
    from: '2026-10-31T00:00:00-04:00',
    to: '2026-11-03T00:00:00-05:00',
    shifts: [
      ['ann', '2026-10-31T00:00:00-04:00', '2026-11-01T00:00:00-04:00'],
      ['bob', '2026-11-01T00:00:00-04:00', '2026-11-02T00:00:00-05:00'],
      ['ann', '2026-11-02T00:00:00-05:00', '2026-11-03T00:00:00-05:00'],
    ],
  },
  {
    name: 'America/New_York: a 09:00-17:00 restriction stays at 09:00 local on both sides of 2026-11-01',
    zone: 'America/New_York',
    layers: [rotation({ users: ['ann'], start: '2026-10-30T09:00:00-04:00', restrictions: [{ start: '09:00', end: '17:00' }] })],
    from: '2026-10-31T00:00:00-04:00',
    to: '2026-11-02T00:00:00-05:00',
    shifts: [
      ['ann', '2026-10-31T09:00:00-04:00', '2026-10-31T17:00:00-04:00'],
      ['ann', '2026-11-01T09:00:00-05:00', '2026-11-01T17:00:00-05:00'],
    ],
    gaps: [
      ['2026-10-31T00:00:00-04:00', '2026-10-31T09:00:00-04:00'],
      ['2026-10-31T17:00:00-04:00', '2026-11-01T09:00:00-05:00'],
      ['2026-11-01T17:00:00-05:00', '2026-11-02T00:00:00-05:00'],
    ],
  },
  {
    name: 'Australia/Lord_Howe gains 30 minutes on 2026-10-04: the daily turn is 23.5 hours',
    zone: 'Australia/Lord_Howe',
    layers: [rotation({ start: '2026-10-03T09:00:00+10:30' })],
    from: '2026-10-03T09:00:00+10:30',
    to: '2026-10-05T09:00:00+11:00',
    shifts: [
      ['ann', '2026-10-03T09:00:00+10:30', '2026-10-04T09:00:00+11:00'],
      ['bob', '2026-10-04T09:00:00+11:00', '2026-10-05T09:00:00+11:00'],
    ],
  },
  {
    name: 'Australia/Lord_Howe gives 30 minutes back on 2026-04-05: the daily turn is 24.5 hours',
    zone: 'Australia/Lord_Howe',
    layers: [rotation({ start: '2026-04-04T09:00:00+11:00' })],
    from: '2026-04-04T09:00:00+11:00',
    to: '2026-04-06T09:00:00+10:30',
    shifts: [
      ['ann', '2026-04-04T09:00:00+11:00', '2026-04-05T09:00:00+10:30'],
      ['bob', '2026-04-05T09:00:00+10:30', '2026-04-06T09:00:00+10:30'],
    ],
  },
];

describe('renderSchedule', () => {
  it.each(cases)('$name', (c) => {
    const result = render({ time_zone: c.zone, layers: c.layers, overrides: c.overrides ?? [] }, c.from, c.to);
    expect(result.shifts).toEqual(rows(c.shifts));
    expect(result.gaps).toEqual(gapRows(c.gaps ?? []));
  });

  it.each([
    ['Europe/Berlin', '2026-03-28T09:00:00+01:00', [23, 24, 24]],
    ['Europe/Berlin', '2026-10-24T09:00:00+02:00', [25, 24, 24]],
    ['America/New_York', '2026-03-07T09:00:00-05:00', [23, 24, 24]],
    ['America/New_York', '2026-10-31T09:00:00-04:00', [25, 24, 24]],
    ['Europe/Berlin', '2026-03-26T09:00:00+01:00', [24, 24, 23]],
    ['Australia/Lord_Howe', '2026-10-03T09:00:00+10:30', [23.5, 24, 24]],
    ['Australia/Lord_Howe', '2026-04-04T09:00:00+11:00', [24.5, 24, 24]],
  ])('%s from %s: turns last %j hours, none lost or doubled', (zone, start, hours) => {
    const from = ms(start);
    const schedule = { time_zone: zone, layers: [rotation({ users: ['ann', 'bob', 'cat'], start })], overrides: [] };
    const { shifts } = renderSchedule(schedule, from - 86_400_000 * 3, from + 86_400_000 * 6);
    const turns = shifts.filter((shift) => shift.start >= from).slice(0, 3);
    expect(turns.map((shift) => (shift.end - shift.start) / 3_600_000)).toEqual(hours);
    expect(turns.map((shift) => shift.user)).toEqual(['ann', 'bob', 'cat']);
  });

  it('renders the same turns whatever window it is asked for', () => {
    const schedule = {
      time_zone: 'Europe/Berlin',
      layers: [rotation({ users: ['ann', 'bob', 'cat'], start: '2026-01-05T09:00:00+01:00' })],
      overrides: [],
    };
    const year = renderSchedule(schedule, ms('2026-01-01T00:00:00Z'), ms('2027-01-01T00:00:00Z'));
    const window = renderSchedule(schedule, ms('2026-10-20T00:00:00Z'), ms('2026-10-30T00:00:00Z'));
    const inner = window.shifts.slice(1, -1);
    expect(inner.length).toBeGreaterThan(5);
    for (const shift of inner) expect(year.shifts).toContainEqual(shift);
  });

  it('answers an empty result for an empty or reversed range', () => {
    const schedule = { time_zone: 'UTC', layers: [rotation({ start: '2026-01-01T00:00:00Z' })], overrides: [] };
    expect(renderSchedule(schedule, ms('2026-02-01T00:00:00Z'), ms('2026-02-01T00:00:00Z')).shifts).toEqual([]);
    expect(renderSchedule(schedule, ms('2026-02-02T00:00:00Z'), ms('2026-02-01T00:00:00Z')).gaps).toEqual([]);
  });
});

describe('removing a user', () => {
  const schedule: ScheduleDefinition = {
    time_zone: 'UTC',
    layers: [
      rotation({ users: ['ann', 'bob', 'cat'], start: '2026-07-01T09:00:00Z' }),
      rotation({ users: ['bob'], start: '2026-07-01T09:00:00Z', restrictions: [{ days: [6, 7], start: '00:00', end: '00:00' }] }),
    ],
    overrides: [override('o1', 'bob', '2026-07-01T10:00:00Z', '2026-07-01T11:00:00Z')],
  };

  it('takes them out of every rotation and override; the others rotate on', () => {
    const after = withoutUser(schedule, 'bob');
    const result = render(after, '2026-07-03T09:00:00Z', '2026-07-06T09:00:00Z');
    expect(result.shifts).toEqual(
      rows([
        // Turn 2 of [ann, cat] from 2026-07-01 09:00 is ann's.
        ['ann', '2026-07-03T09:00:00Z', '2026-07-04T09:00:00Z'],
        ['cat', '2026-07-04T09:00:00Z', '2026-07-05T09:00:00Z'],
        ['ann', '2026-07-05T09:00:00Z', '2026-07-06T09:00:00Z'],
      ]),
    );
    expect(after.overrides).toEqual([]);
  });

  it('reports the gaps a sole member leaves, and none where others cover', () => {
    const single: ScheduleDefinition = {
      time_zone: 'UTC',
      layers: [
        rotation({ users: ['ann', 'bob'], start: '2026-07-01T09:00:00Z', restrictions: [{ start: '09:00', end: '17:00' }] }),
        rotation({ users: ['bob'], start: '2026-07-01T09:00:00Z', restrictions: [{ start: '17:00', end: '09:00' }] }),
      ],
      overrides: [],
    };
    const opened = newGaps(single, withoutUser(single, 'bob'), ms('2026-07-01T09:00:00Z'), ms('2026-07-02T12:00:00Z'));
    expect(opened.map((gap) => [iso(gap.start), iso(gap.end)])).toEqual(gapRows([['2026-07-01T17:00:00Z', '2026-07-02T09:00:00Z']]));
    expect(newGaps(schedule, withoutUser(schedule, 'bob'), ms('2026-07-01T09:00:00Z'), ms('2026-07-08T09:00:00Z'))).toEqual([]);
  });
});

describe('onCallAt', () => {
  const schedule: ScheduleDefinition = {
    time_zone: 'Europe/Berlin',
    layers: [rotation({ users: ['ann', 'bob'], start: '2026-10-24T09:00:00+02:00', restrictions: [{ start: '08:00', end: '20:00' }] })],
    overrides: [override('o1', 'cat', '2026-10-25T12:00:00+01:00', '2026-10-25T13:00:00+01:00')],
  };

  it.each([
    ['2026-10-24T12:00:00+02:00', 'ann', '2026-10-24T09:00:00+02:00', '2026-10-24T20:00:00+02:00'],
    ['2026-10-25T08:30:00+01:00', 'ann', '2026-10-25T08:00:00+01:00', '2026-10-25T09:00:00+01:00'],
    ['2026-10-25T12:59:59+01:00', 'cat', '2026-10-25T12:00:00+01:00', '2026-10-25T13:00:00+01:00'],
    ['2026-10-25T13:00:00+01:00', 'bob', '2026-10-25T13:00:00+01:00', '2026-10-25T20:00:00+01:00'],
  ])('at %s: %s, from %s to %s', (at, user, start, end) => {
    const shift = onCallAt(schedule, ms(at));
    expect(shift && [shift.user, iso(shift.start), iso(shift.end)]).toEqual([user, iso(ms(start)), iso(ms(end))]);
  });

  it('is null in a gap', () => {
    expect(onCallAt(schedule, ms('2026-10-25T21:00:00+01:00'))).toBeNull();
  });
});
