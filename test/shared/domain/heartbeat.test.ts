import {
  dueHeartbeatAlerts,
  firingAlertNames,
  heartbeatDeadline,
  heartbeatWakeAt,
  nextHeartbeatState,
  type HeartbeatAlertLedger,
  type HeartbeatState,
  type HeartbeatTiming,
} from '../../../shared/domain/heartbeat.ts';

const T0 = Date.parse('2026-12-31T12:00:00Z');
const timing = (over: Partial<HeartbeatTiming> = {}): HeartbeatTiming => ({
  periodSeconds: 60,
  graceSeconds: 30,
  armedAt: new Date(T0),
  lastPingAt: null,
  ...over,
});

describe('heartbeatDeadline', () => {
  it.each([
    ['never pinged: from arming', timing(), T0 + 90_000],
    ['pinged: from the last ping', timing({ lastPingAt: new Date(T0 + 50_000) }), T0 + 140_000],
    ['no grace', timing({ graceSeconds: 0 }), T0 + 60_000],
  ])('%s', (_case, given, expected) => {
    expect(heartbeatDeadline(given)).toBe(expected);
  });
});

describe('nextHeartbeatState', () => {
  const up: HeartbeatState = { status: 'up', lapseCount: 2 };
  const down: HeartbeatState = { status: 'down', lapseCount: 3 };
  it.each([
    ['up, before the deadline: stays up', up, timing(), T0 + 89_999, { status: 'up', lapseCount: 2, transition: null }],
    ['up, at the deadline: lapses with a new number', up, timing(), T0 + 90_000, { status: 'down', lapseCount: 3, transition: 'lapsed' }],
    [
      'down, no ping since the lapse: stays down',
      down,
      timing({ lastPingAt: new Date(T0 + 1_000), lapsedAt: new Date(T0 + 91_000) }),
      T0 + 200_000,
      { status: 'down', lapseCount: 3, transition: null },
    ],
    [
      'down, pinged since the lapse: recovers, same number',
      down,
      timing({ lastPingAt: new Date(T0 + 199_000), lapsedAt: new Date(T0 + 91_000) }),
      T0 + 200_000,
      { status: 'up', lapseCount: 3, transition: 'recovered' },
    ],
    [
      'down, pinged since the lapse but evaluated a whole period later: still recovers',
      down,
      timing({ lastPingAt: new Date(T0 + 100_000), lapsedAt: new Date(T0 + 91_000) }),
      T0 + 500_000,
      { status: 'up', lapseCount: 3, transition: 'recovered' },
    ],
    [
      'down, pinged at the lapse instant (a ping stamped no earlier than the lapse): recovers',
      down,
      timing({ lastPingAt: new Date(T0 + 91_000), lapsedAt: new Date(T0 + 91_000) }),
      T0 + 92_000,
      { status: 'up', lapseCount: 3, transition: 'recovered' },
    ],
  ])('%s', (_case, current, given, now, expected) => {
    expect(nextHeartbeatState(current, given, now)).toEqual(expected);
  });
});

describe('heartbeatWakeAt', () => {
  it('up: at the deadline', () => {
    expect(heartbeatWakeAt({ status: 'up', lapseCount: 0 }, timing(), T0)).toBe(T0 + 90_000);
  });
  it.each([
    ['a short period: a minute', 5, 60_000],
    ['the period', 600, 600_000],
    ['a long period: 15 minutes', 86_400, 900_000],
  ])('down, %s', (_case, periodSeconds, after) => {
    expect(heartbeatWakeAt({ status: 'down', lapseCount: 1 }, timing({ periodSeconds }), T0)).toBe(T0 + after);
  });
});

describe('dueHeartbeatAlerts', () => {
  const ledger = (firedLapse: number, resolvedLapse: number): HeartbeatAlertLedger => ({ firedLapse, resolvedLapse });
  it.each([
    ['never lapsed', ledger(0, 0), { status: 'up', lapseCount: 0 }, []],
    ['just lapsed', ledger(1, 1), { status: 'down', lapseCount: 2 }, [{ lapse: 2, status: 'firing' }]],
    ['down, announced already', ledger(2, 1), { status: 'down', lapseCount: 2 }, []],
    ['recovered', ledger(2, 1), { status: 'up', lapseCount: 2 }, [{ lapse: 2, status: 'resolved' }]],
    ['recovered, resolved already', ledger(2, 2), { status: 'up', lapseCount: 2 }, []],
    [
      'lapsed and recovered while its alerts were lost: both, firing first',
      ledger(1, 1),
      { status: 'up', lapseCount: 2 },
      [
        { lapse: 2, status: 'firing' },
        { lapse: 2, status: 'resolved' },
      ],
    ],
  ] as const)('%s', (_case, given, state, expected) => {
    expect(dueHeartbeatAlerts(given, state)).toEqual(expected);
  });
});

describe('firingAlertNames', () => {
  it.each([
    ['no body: a plain ping', undefined, null],
    ['a body without alerts: a plain ping', { hello: 'world' }, null],
    ['an array: a plain ping', [1, 2], null],
    [
      'Alertmanager: the firing alert names',
      {
        alerts: [
          { status: 'firing', labels: { alertname: 'Watchdog' } },
          { status: 'resolved', labels: { alertname: 'DiskFull' } },
          { status: 'firing', labels: { alertname: 'Watchdog' } },
          'junk',
          { status: 'firing', labels: { alertname: 7 } },
        ],
      },
      ['Watchdog'],
    ],
    ['Alertmanager, Watchdog resolved: no name', { alerts: [{ status: 'resolved', labels: { alertname: 'Watchdog' } }] }, []],
  ])('%s', (_case, body, expected) => {
    expect(firingAlertNames(body)).toEqual(expected);
  });
});
