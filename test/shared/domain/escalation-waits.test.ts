import {
  acceptedWaits,
  dueWaits,
  ESCALATION_WAIT_BUCKETS,
  escalationWaitBucketOf,
  escalationWaitKey,
  expiredSettled,
  nextWake,
  overflowingWaits,
  chunkedBySize,
  waitSize,
  SETTLED_RETENTION_MS,
  STARTED_RETENTION_MS,
  type SettledEscalation,
  type WaitingEscalation,
} from '../../../shared/domain/escalation-waits.ts';

const ORG = 'org-a';
const state = { policy_id: 'p', level: 1, round: 1, next_escalation_at: null, ended: null };
const wait = (incidentId: string, wakeAt: number, organizationId = ORG, cycle?: number): WaitingEscalation => ({
  input: { organizationId, incidentId, ...(cycle ? { cycle } : {}) },
  wakeAt,
  state,
});
const mapOf = (entries: WaitingEscalation[]) =>
  new Map(entries.map((entry) => [escalationWaitKey(entry.input.incidentId, entry.input.cycle), entry]));
const settled = (key: string, ended: SettledEscalation['ended'], at: number): SettledEscalation => ({ key, ended, at });

describe('escalationWaitBucketOf', () => {
  test('is stable, in range, and spreads incidents over every bucket', () => {
    expect(escalationWaitBucketOf('0195f0a2-7c1e-7b3a-9f00-000000000001')).toBe(
      escalationWaitBucketOf('0195f0a2-7c1e-7b3a-9f00-000000000001'),
    );
    const counts = new Array<number>(ESCALATION_WAIT_BUCKETS).fill(0);
    for (let n = 0; n < 4_000; n += 1) counts[escalationWaitBucketOf(`0195f0a2-7c1e-7b3a-9f00-${String(n).padStart(12, '0')}`)] += 1;
    for (const count of counts) expect(count).toBeGreaterThan(4_000 / ESCALATION_WAIT_BUCKETS / 2);
  });
  test.each([
    [1, 0],
    [0, 0],
  ])('over %i bucket(s) every incident is bucket %i', (buckets, expected) => {
    expect(escalationWaitBucketOf('any', buckets)).toBe(expected);
  });
});

describe('escalationWaitKey', () => {
  test.each([
    ['i', undefined, 'i:1'],
    ['i', 1, 'i:1'],
    ['i', 3, 'i:3'],
  ])('incident %j cycle %j is %j', (incidentId, cycle, expected) => {
    expect(escalationWaitKey(incidentId, cycle)).toBe(expected);
  });
});

describe('acceptedWaits', () => {
  test.each<[string, WaitingEscalation[], string[], string[]]>([
    ['new ones, by key', [wait('a', 1), wait('b', 2)], [], ['a:1', 'b:1']],
    ['another organization’s left out', [wait('a', 1, 'org-b')], [], []],
    ['one held or settled already left out', [wait('a', 1), wait('b', 2)], ['a:1'], ['b:1']],
    ['twice in one signal: the first', [wait('a', 1), wait('a', 5)], [], ['a:1']],
    ['cycles apart', [wait('a', 1), wait('a', 1, ORG, 2)], [], ['a:1', 'a:2']],
    ['no wake time left out', [wait('a', Number.NaN)], [], []],
    ['no input left out', [{ wakeAt: 1, state } as unknown as WaitingEscalation], [], []],
  ])('%s', (_, entries, known, expected) => {
    const accepted = acceptedWaits(ORG, entries, (key) => known.includes(key));
    expect(accepted.map(([key]) => key)).toEqual(expected);
    if (expected[0] === 'a:1') expect(accepted[0]?.[1].wakeAt).toBe(1);
  });
});

describe('dueWaits', () => {
  test.each<[string, number, string[]]>([
    ['none before the soonest', 9, []],
    ['the soonest at its time', 10, ['b:1']],
    ['all due, soonest first', 100, ['b:1', 'c:1', 'a:1']],
  ])('%s', (_, now, expected) => {
    expect(dueWaits(mapOf([wait('a', 30), wait('b', 10), wait('c', 20)]), now).map(([key]) => key)).toEqual(expected);
  });
});

describe('nextWake', () => {
  test.each<[string, WaitingEscalation[], SettledEscalation[], number | null]>([
    ['nothing held', [], [], null],
    ['the soonest wait', [wait('a', 30), wait('b', 10)], [], 10],
    ['a started record expires', [], [settled('a:1', 'started', 5)], 5 + STARTED_RETENTION_MS],
    ['an ended record expires', [], [settled('a:1', 'acknowledged', 5)], 5 + SETTLED_RETENTION_MS],
    ['whichever comes first', [wait('a', 1_000)], [settled('b:1', 'started', 0)], 1_000],
  ])('%s', (_, waiting, records, expected) => {
    expect(nextWake(mapOf(waiting), new Map(records.map((record) => [record.key, record])))).toBe(expected);
  });
  test('a lead comes off the waits, not off the records', () => {
    const records = new Map([['b:1', settled('b:1', 'started', 0)]]);
    expect(nextWake(mapOf([wait('a', 10_000)]), records, 4_000)).toBe(6_000);
    expect(nextWake(mapOf([]), records, 4_000)).toBe(STARTED_RETENTION_MS);
  });
});

describe('overflowingWaits', () => {
  // Sizes by key: a 10, b 20, c 30 bytes; due b, then c, then a.
  const sizes: Record<string, number> = { 'a:1': 10, 'b:1': 20, 'c:1': 30 };
  test.each<[string, number, string[]]>([
    ['within the bound: none', 60, []],
    ['over by less than the one due last: that one', 55, ['a:1']],
    ['over by more: due last first until within', 35, ['a:1', 'c:1']],
    ['nothing fits: all', 0, ['a:1', 'c:1', 'b:1']],
  ])('%s', (_, maxBytes, expected) => {
    const waiting = mapOf([wait('a', 30), wait('b', 10), wait('c', 20)]);
    expect(overflowingWaits(waiting, (key) => sizes[key] ?? 0, maxBytes).map(([key]) => key)).toEqual(expected);
  });
});

describe('chunkedBySize', () => {
  const one = waitSize(wait('a', 1));
  test.each<[string, number, number, number[]]>([
    ['none', 0, one * 3, []],
    ['all in one run', 3, one * 3, [3]],
    ['runs of two', 5, one * 2, [2, 2, 1]],
    ['one too large goes alone', 2, one - 1, [1, 1]],
  ])('%s', (_, count, maxBytes, expected) => {
    const entries = Array.from({ length: count }, (__, n) => wait(`${String.fromCharCode(97 + n)}`, n));
    const chunks = chunkedBySize(entries, maxBytes);
    expect(chunks.map((chunk) => chunk.length)).toEqual(expected);
    expect(chunks.flat()).toEqual(entries);
  });
});

describe('expiredSettled', () => {
  const records = new Map(
    [
      settled('old-start', 'started', 0),
      settled('ack', 'acknowledged', 0),
      settled('new-start', 'started', 50),
      settled('newer', 'resolved', 60),
    ].map((record) => [record.key, record]),
  );
  test.each<[string, number, number, string[]]>([
    ['nothing expired, within the bound', 1, 10, []],
    ['a started record after its retention', STARTED_RETENTION_MS, 10, ['old-start']],
    ['an ended record after its retention', SETTLED_RETENTION_MS, 10, ['old-start', 'ack', 'new-start']],
    ['over the bound: the oldest first', 1, 2, ['old-start', 'ack']],
  ])('%s', (_, now, max, expected) => {
    expect(expiredSettled(records, now, max)).toEqual(expected);
  });
});
