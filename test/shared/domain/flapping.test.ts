import { decideReopen, reopenWindowMinutes, reopensLastIncident } from '../../../shared/domain/flapping.ts';

const settings = { threshold: 3, window_minutes: 10 };
const t = (minute: number) => new Date(Date.UTC(2026, 11, 31, 8, minute));
const iso = (minute: number) => t(minute).toISOString();

describe('decideReopen', () => {
  it.each([
    ['first reopening pages', [], null, 1, { pages: true, flapping: false, started: false, count: 1 }],
    ['up to the threshold each reopening pages', [iso(0), iso(1)], null, 2, { pages: true, flapping: false, started: false, count: 3 }],
    [
      'past the threshold: flapping starts, and that reopening pages',
      [iso(0), iso(1), iso(2)],
      null,
      3,
      { pages: true, flapping: true, started: true, count: 4 },
    ],
    [
      'within the flapping period: no page',
      [iso(0), iso(1), iso(2), iso(3)],
      t(3),
      4,
      { pages: false, flapping: true, started: false, count: 5 },
    ],
    [
      'a new flapping period: pages once more',
      [iso(5), iso(6), iso(7), iso(12)],
      t(3),
      13,
      { pages: true, flapping: true, started: false, count: 5 },
    ],
    [
      'reopenings older than the window no longer count: not flapping, pages',
      [iso(0), iso(1), iso(2)],
      t(2),
      30,
      { pages: true, flapping: false, started: false, count: 1 },
    ],
  ])('%s', (_name, reopenedAt, flappingSince, minute, expected) => {
    const decision = decideReopen({ reopenedAt, flappingSince }, settings, t(minute));
    expect({
      pages: decision.pages,
      flapping: decision.flappingSince !== null,
      started: decision.startedFlapping,
      count: decision.reopenedAt.length,
    }).toEqual(expected);
  });
});

describe('reopensLastIncident', () => {
  it.each([
    ['never resolved', null, false],
    ['resolved just now', t(10), true],
    ['resolved 9 min ago', t(1), true],
    ['resolved exactly the window ago', t(0), false],
    ['resolved long ago', t(-50), false],
  ])('%s', (_name, resolvedAt, expected) => {
    expect(reopensLastIncident(resolvedAt, settings.window_minutes, t(10))).toBe(expected);
  });

  it('a window of 0 never reopens', () => {
    expect(reopensLastIncident(t(10), 0, t(10))).toBe(false);
  });
});

describe('decideReopen without flap detection', () => {
  it('pages on every reopening and never flaps, however many came before', () => {
    const decision = decideReopen({ reopenedAt: [iso(0), iso(1), iso(2), iso(3), iso(4)], flappingSince: t(3) }, null, t(5));
    expect(decision).toEqual({ reopenedAt: [iso(5)], flappingSince: null, pages: true, startedFlapping: false });
  });
});

describe('reopenWindowMinutes', () => {
  it.each([
    ['neither set: a new incident opens (PagerDuty, Grafana OnCall)', null, null, 0],
    ['the flap window when only flap detection is on', null, settings, 10],
    ['its own window first', 60, settings, 60],
    ['its own window without flap detection', 30, null, 30],
    ['0 turns reopening off even with flap detection', 0, settings, 0],
  ])('%s', (_name, reopenWindow, flapping, expected) => {
    expect(reopenWindowMinutes({ reopenWindowMinutes: reopenWindow, flapping })).toBe(expected);
  });
});
