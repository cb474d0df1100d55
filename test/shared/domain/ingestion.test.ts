import { MAX_ALERTS_PER_BATCH, nextBatchSize, signalBatches } from '../../../shared/domain/ingestion.ts';

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
    expect(signalBatches(input, 10).map((chunks) => chunks.map((chunk) => chunk.map((item) => item.n)))).toEqual([[[1, 3, 6]], [[2, 5]], [[4]]]);
  });

  it('splits a key with more than max alerts into signals sent in order', () => {
    const input = Array.from({ length: 7 }, (_, index) => signal('a', index));
    expect(signalBatches(input, 3).map((chunks) => chunks.map((chunk) => chunk.map((item) => item.n)))).toEqual([[[0, 1, 2], [3, 4, 5], [6]]]);
  });

  it('loses and duplicates nothing', () => {
    const input = Array.from({ length: 500 }, (_, index) => signal(`k${index % 7}`, index));
    const out = signalBatches(input, 20).flat(2).map((item) => item.n);
    expect(out.sort((a, b) => a - b)).toEqual(input.map((item) => item.n));
  });

  it('returns nothing for no alerts', () => {
    expect(signalBatches([])).toEqual([]);
  });
});
