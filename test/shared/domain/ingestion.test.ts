import { admitNewReceipts, groupByDedupKey, MAX_ALERTS_PER_BATCH, nextBatchSize, signalBatches } from '../../../shared/domain/ingestion.ts';

const alerts = (statuses: string) => [...statuses].map((code) => ({ alert: { status: code === 'r' ? 'resolved' : 'firing' } }));

describe('nextBatchSize', () => {
  it.each([
    ['', 10, 0],
    ['f', 10, 1],
    ['ffff', 10, 4],
    ['ffff', 3, 3],
    ['r', 10, 1],
    ['rff', 10, 1],
    ['ffrff', 10, 3],
    ['ffrrf', 10, 3],
    ['fffffr', 4, 4],
    ['ff', 0, 1],
  ])('takes from %j (max %p) %p alerts', (statuses, max, expected) => {
    expect(nextBatchSize(alerts(statuses), max)).toBe(expected);
  });

  it('caps a storm at MAX_ALERTS_PER_BATCH by default', () => {
    expect(nextBatchSize(alerts('f'.repeat(MAX_ALERTS_PER_BATCH + 7)))).toBe(MAX_ALERTS_PER_BATCH);
  });
});

describe('signalBatches', () => {
  const signal = (dedupKey: string, n: number) => ({ alert: { dedupKey }, n });

  it('groups by dedup key in order of first appearance, keeping arrival order within a key', () => {
    const input = [signal('a', 1), signal('b', 2), signal('a', 3), signal('c', 4), signal('b', 5), signal('a', 6)];
    expect(signalBatches(input, 10).map((chunks) => chunks.map((chunk) => chunk.map((item) => item.n)))).toEqual([
      [[1, 3, 6]],
      [[2, 5]],
      [[4]],
    ]);
  });

  it('splits a key with more than max alerts into signals sent in order', () => {
    const input = Array.from({ length: 7 }, (_, index) => signal('a', index));
    expect(signalBatches(input, 3).map((chunks) => chunks.map((chunk) => chunk.map((item) => item.n)))).toEqual([
      [[0, 1, 2], [3, 4, 5], [6]],
    ]);
  });

  it('loses and duplicates nothing', () => {
    const input = Array.from({ length: 500 }, (_, index) => signal(`k${index % 7}`, index));
    const out = signalBatches(input, 20)
      .flat(2)
      .map((item) => item.n);
    expect(out.sort((a, b) => a - b)).toEqual(input.map((item) => item.n));
  });

  it('returns nothing for no alerts', () => {
    expect(signalBatches([])).toEqual([]);
  });

  it('groups by the given workflow (a bucket of several keys), keeping arrival order within it', () => {
    const input = [signal('a', 1), signal('b', 2), signal('c', 3), signal('a', 4), signal('d', 5)];
    const bucketOf = (item: { alert: { dedupKey: string } }) => (item.alert.dedupKey === 'c' ? 'bucket-1' : 'bucket-0');
    expect(signalBatches(input, 2, bucketOf).map((chunks) => chunks.map((chunk) => chunk.map((item) => item.n)))).toEqual([
      [
        [1, 2],
        [4, 5],
      ],
      [[3]],
    ]);
  });
});

describe('groupByDedupKey', () => {
  const signal = (dedupKey: string, n: number) => ({ alert: { dedupKey }, n });
  it.each([
    ['no alerts', [], []],
    ['one key', [signal('a', 1), signal('a', 2)], [['a', [1, 2]]]],
    [
      'interleaved keys, first appearance first, arrival order kept',
      [signal('b', 1), signal('a', 2), signal('b', 3), signal('c', 4), signal('a', 5)],
      [
        ['b', [1, 3]],
        ['a', [2, 5]],
        ['c', [4]],
      ],
    ],
  ])('%s', (_name, input, expected) => {
    expect([...groupByDedupKey(input)].map(([key, items]) => [key, items.map((item) => item.n)])).toEqual(expected);
  });
});

describe('admitNewReceipts', () => {
  const T0 = Date.UTC(2026, 0, 1);
  /** An alert with receipt key `key` received `seconds` after T0, with a 60 s window. */
  const receipt = (key: string, seconds: number, dedupWindowSeconds = 60) => ({
    receiptKey: key,
    receivedAt: new Date(T0 + seconds * 1000).toISOString(),
    dedupWindowSeconds,
    label: `${key}@${seconds}`,
  });
  const admitAll = (signals: ReturnType<typeof receipt>[][], max?: number) => {
    const recent = new Map<string, number>();
    return { admitted: signals.map((alerts) => admitNewReceipts(recent, alerts, max).map((alert) => alert.label)), recent };
  };

  it.each([
    ['a retry seconds later', [[receipt('a', 0)], [receipt('a', 5)]], [['a@0'], []]],
    ['a retry just inside the window', [[receipt('a', 0)], [receipt('a', 59.999)]], [['a@0'], []]],
    ['the same delivery once the window has passed', [[receipt('a', 0)], [receipt('a', 60)]], [['a@0'], ['a@60']]],
    [
      'a resend hours later, then its retry',
      [[receipt('a', 0)], [receipt('a', 4 * 3600)], [receipt('a', 4 * 3600 + 30)]],
      [['a@0'], ['a@14400'], []],
    ],
    [
      'other receipt keys',
      [
        [receipt('a', 0), receipt('b', 0)],
        [receipt('c', 1), receipt('a', 2)],
      ],
      [['a@0', 'b@0'], ['c@1']],
    ],
    ['a duplicate within one signal', [[receipt('a', 0), receipt('a', 0)]], [['a@0']]],
    ['alerts without a receipt key (signals of an older API)', [[{ ...receipt('', 0) }], [{ ...receipt('', 0) }]], [['@0'], ['@0']]],
    ['alerts without a window', [[receipt('a', 0, 0)], [receipt('a', 1, 0)]], [['a@0'], ['a@1']]],
  ])('%s', (_what, signals, expected) => {
    expect(admitAll(signals).admitted).toEqual(expected);
  });

  it('forgets expired keys and keeps at most max, oldest going first', () => {
    const { recent } = admitAll([[receipt('a', 0), receipt('b', 10)], [receipt('c', 65)]]);
    // a expired at 60 and is dropped once c arrives; b (until 70) is kept.
    expect([...recent.keys()]).toEqual(['b', 'c']);
    const bounded = admitAll([[receipt('a', 0), receipt('b', 1), receipt('c', 2)], [receipt('a', 3)]], 2);
    // Beyond max, the oldest key goes: a retry of it is then admitted (its alert id still matches within a bucket).
    expect(bounded.admitted).toEqual([['a@0', 'b@1', 'c@2'], ['a@3']]);
    expect(bounded.recent.size).toBe(2);
  });
});
