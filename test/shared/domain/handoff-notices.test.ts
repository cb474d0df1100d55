import { planHandoffNotices, type HandoffNotice, type HandoffPreference } from '../../../shared/domain/handoff-notices.ts';
import type { ScheduleDefinition } from '../../../shared/domain/schedule.ts';

const ms = (value: string) => {
  const parsed = Date.parse(value);
  if (Number.isNaN(parsed)) throw new Error(`bad instant in test: ${value}`);
  return parsed;
};
const iso = (value: number) => new Date(value).toISOString();

const daily = (timeZone: string, handoff: string, users = ['ann', 'bob']): ScheduleDefinition => ({
  time_zone: timeZone,
  layers: [{ kind: 'rotation', users, rotation: 'daily', handoff_time: handoff, start: ms('2026-01-05T00:00:00Z'), end: null }],
  overrides: [],
});

const fifteen = new Map<string, HandoffPreference>([
  ['ann', { noticeMinutes: 15, notifyOnShiftEnd: false }],
  ['bob', { noticeMinutes: 15, notifyOnShiftEnd: false }],
]);

const plan = (definition: ScheduleDefinition, from: string, to: string, preferences = fifteen) =>
  planHandoffNotices([{ id: 's1', definition }], preferences, ms(from), ms(to));
const rows = (notices: HandoffNotice[]) => notices.map((n) => [n.user, n.kind, iso(n.shiftStart), iso(n.sendAt)]);
const key = (n: HandoffNotice) => `${n.user}|${n.scheduleId}|${n.shiftStart}|${n.kind}`;

describe('planHandoffNotices: a 15-minute notice, one per shift, across DST changes', () => {
  // Each shift's start notice 15 minutes before its local 09:00 (or 02:30) handoff, the UTC offset moving with DST.
  it.each([
    [
      'Europe/Berlin, spring forward (29 March)',
      'Europe/Berlin',
      '09:00',
      '2026-03-27T12:00:00Z',
      '2026-03-31T12:00:00Z',
      [
        ['bob', '2026-03-28T08:00:00.000Z', '2026-03-28T07:45:00.000Z'],
        ['ann', '2026-03-29T07:00:00.000Z', '2026-03-29T06:45:00.000Z'],
        ['bob', '2026-03-30T07:00:00.000Z', '2026-03-30T06:45:00.000Z'],
        ['ann', '2026-03-31T07:00:00.000Z', '2026-03-31T06:45:00.000Z'],
      ],
    ],
    [
      'Europe/Berlin, fall back (25 October)',
      'Europe/Berlin',
      '09:00',
      '2026-10-23T12:00:00Z',
      '2026-10-27T12:00:00Z',
      [
        ['bob', '2026-10-24T07:00:00.000Z', '2026-10-24T06:45:00.000Z'],
        ['ann', '2026-10-25T08:00:00.000Z', '2026-10-25T07:45:00.000Z'],
        ['bob', '2026-10-26T08:00:00.000Z', '2026-10-26T07:45:00.000Z'],
        ['ann', '2026-10-27T08:00:00.000Z', '2026-10-27T07:45:00.000Z'],
      ],
    ],
    [
      'America/New_York, spring forward (8 March)',
      'America/New_York',
      '09:00',
      '2026-03-06T18:00:00Z',
      '2026-03-10T18:00:00Z',
      [
        ['ann', '2026-03-07T14:00:00.000Z', '2026-03-07T13:45:00.000Z'],
        ['bob', '2026-03-08T13:00:00.000Z', '2026-03-08T12:45:00.000Z'],
        ['ann', '2026-03-09T13:00:00.000Z', '2026-03-09T12:45:00.000Z'],
        ['bob', '2026-03-10T13:00:00.000Z', '2026-03-10T12:45:00.000Z'],
      ],
    ],
    [
      'America/New_York, fall back (1 November)',
      'America/New_York',
      '09:00',
      '2026-10-30T18:00:00Z',
      '2026-11-03T18:00:00Z',
      [
        ['ann', '2026-10-31T13:00:00.000Z', '2026-10-31T12:45:00.000Z'],
        ['bob', '2026-11-01T14:00:00.000Z', '2026-11-01T13:45:00.000Z'],
        ['ann', '2026-11-02T14:00:00.000Z', '2026-11-02T13:45:00.000Z'],
        ['bob', '2026-11-03T14:00:00.000Z', '2026-11-03T13:45:00.000Z'],
      ],
    ],
  ])('%s', (_name, zone, handoff, from, to, expected) => {
    const notices = plan(daily(zone, handoff), from, to);
    expect(rows(notices)).toEqual(expected.map(([user, start, sendAt]) => [user, 'start', start, sendAt]));
  });

  it.each([
    ['Europe/Berlin', '2026-03-27T00:00:00Z', '2026-04-01T00:00:00Z'],
    ['Europe/Berlin', '2026-10-23T00:00:00Z', '2026-10-28T00:00:00Z'],
    ['America/New_York', '2026-03-06T00:00:00Z', '2026-03-11T00:00:00Z'],
    ['America/New_York', '2026-10-30T00:00:00Z', '2026-11-04T00:00:00Z'],
  ])('handing off at 02:30 in %s: one notice per shift however the days are cut into windows (%s)', (zone, from, to) => {
    const definition = daily(zone, '02:30');
    const whole = plan(definition, from, to);
    const shifts = planHandoffNotices(
      [{ id: 's1', definition }],
      new Map([['x', { noticeMinutes: 0, notifyOnShiftEnd: false }]]),
      ms(from),
      ms(to),
    );
    expect(shifts).toEqual([]);
    // Re-planning in overlapping windows of 7 hours every 5 hours finds the same notices, never more.
    const pieces = new Map<string, HandoffNotice>();
    for (let start = ms(from); start < ms(to); start += 5 * 3_600_000) {
      for (const notice of plan(definition, iso(start), iso(Math.min(ms(to), start + 7 * 3_600_000)))) pieces.set(key(notice), notice);
    }
    expect(new Set(whole.map(key)).size).toBe(whole.length);
    expect([...pieces.keys()].sort()).toEqual(whole.map(key).sort());
    expect(whole.length).toBeGreaterThanOrEqual(4);
    for (const notice of whole) expect(notice.shiftStart - notice.sendAt).toBe(15 * 60_000);
    // Consecutive shifts alternate: each handoff notified once, to the one taking over.
    expect(whole.map((n) => n.user)).toEqual(whole.map((_, i) => ((whole[0]?.user === 'ann') === (i % 2 === 0) ? 'ann' : 'bob')));
  });
});

describe('planHandoffNotices: choices and edges', () => {
  const definition = daily('UTC', '09:00');

  it('tells the end of a shift to who chose it, and nothing to who chose nothing', () => {
    const preferences = new Map<string, HandoffPreference>([['ann', { noticeMinutes: null, notifyOnShiftEnd: true }]]);
    expect(rows(plan(definition, '2026-06-01T00:00:00Z', '2026-06-03T00:00:00Z', preferences))).toEqual([
      ['ann', 'end', '2026-06-01T09:00:00.000Z', '2026-06-02T09:00:00.000Z'],
    ]);
  });

  it('sends a notice whose time passed at the window start while its shift has not started yet', () => {
    expect(rows(plan(definition, '2026-06-01T08:50:00Z', '2026-06-01T10:00:00Z'))).toEqual([
      ['ann', 'start', '2026-06-01T09:00:00.000Z', '2026-06-01T08:50:00.000Z'],
    ]);
  });

  it('does not notify a shift already started, nor one the window only cuts', () => {
    expect(plan(definition, '2026-06-01T09:00:00Z', '2026-06-01T20:00:00Z')).toEqual([]);
  });

  it('treats a layer shift running into the same member override as one turn', () => {
    const withOverride: ScheduleDefinition = {
      ...definition,
      overrides: [{ id: 'o1', user: 'ann', start: ms('2026-06-02T09:00:00Z'), end: ms('2026-06-02T12:00:00Z') }],
    };
    const notices = plan(withOverride, '2026-06-01T00:00:00Z', '2026-06-03T00:00:00Z');
    // ann's turn from 1 June 09:00 runs on to 12:00 on 2 June; bob takes over then.
    expect(rows(notices)).toEqual([
      ['ann', 'start', '2026-06-01T09:00:00.000Z', '2026-06-01T08:45:00.000Z'],
      ['bob', 'start', '2026-06-02T12:00:00.000Z', '2026-06-02T11:45:00.000Z'],
    ]);
  });
});
