import { createBatchedReads } from '../../../shared/db/batched-reads.ts';

interface Row {
  id: string;
  value: string;
}

/** A fetch that records each batch and answers only when the test releases it. */
function controlledFetch() {
  const calls: Array<{ keys: string[]; release(rows: Row[]): void; fail(error: Error): void }> = [];
  const fetch = (keys: string[]) =>
    new Promise<Row[]>((resolve, reject) => {
      calls.push({ keys, release: resolve, fail: reject });
    });
  return { calls, fetch };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
const rowsFor = (keys: string[]) => keys.filter((key) => !key.startsWith('missing')).map((id) => ({ id, value: `row ${id}` }));

function batched(fetch: (keys: string[]) => Promise<Row[]>, options: { maxBatch?: number; maxInFlight?: number } = {}) {
  return createBatchedReads<string, Row>({ fetch, keyOf: (key) => key, rowKey: (row) => row.id, ...options });
}

describe('createBatchedReads', () => {
  it('sends the reads of one turn as one batch and answers each with its own row, or undefined', async () => {
    const { calls, fetch } = controlledFetch();
    const reads = batched(fetch);
    const answers = Promise.all(['a', 'b', 'missing-c', 'a'].map((key) => reads.load(key)));
    await turn();
    expect(calls.map((call) => call.keys)).toEqual([['a', 'b', 'missing-c']]);
    calls[0]?.release(rowsFor(calls[0].keys));
    expect(await answers).toEqual([{ id: 'a', value: 'row a' }, { id: 'b', value: 'row b' }, undefined, { id: 'a', value: 'row a' }]);
  });

  it('never adds a read to a batch already sent: it waits for a later one', async () => {
    const { calls, fetch } = controlledFetch();
    const reads = batched(fetch, { maxInFlight: 1 });
    const first = reads.load('a');
    await turn();
    const second = reads.load('a');
    const third = reads.load('b');
    await turn();
    // The first batch is still out and the only slot is taken: nothing more is sent yet.
    expect(calls.map((call) => call.keys)).toEqual([['a']]);
    calls[0]?.release([{ id: 'a', value: 'before' }]);
    expect(await first).toEqual({ id: 'a', value: 'before' });
    await turn();
    expect(calls.map((call) => call.keys)).toEqual([['a'], ['a', 'b']]);
    calls[1]?.release([
      { id: 'a', value: 'after' },
      { id: 'b', value: 'b' },
    ]);
    expect(await second).toEqual({ id: 'a', value: 'after' });
    expect(await third).toEqual({ id: 'b', value: 'b' });
  });

  it('keeps at most maxInFlight batches out, of at most maxBatch keys each', async () => {
    const { calls, fetch } = controlledFetch();
    const reads = batched(fetch, { maxBatch: 2, maxInFlight: 2 });
    const answers = Promise.all(['a', 'b', 'c', 'd', 'e'].map((key) => reads.load(key)));
    await turn();
    expect(calls.map((call) => call.keys)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    calls[0]?.release(rowsFor(calls[0].keys));
    await turn();
    await turn();
    expect(calls.map((call) => call.keys)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    calls[1]?.release(rowsFor(calls[1].keys));
    calls[2]?.release(rowsFor(calls[2].keys));
    expect((await answers).map((row) => row?.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('fails every read of a failed batch, and sends the next batch all the same', async () => {
    const { calls, fetch } = controlledFetch();
    const reads = batched(fetch, { maxInFlight: 1 });
    const failing = [reads.load('a'), reads.load('b')];
    await turn();
    const later = reads.load('c');
    calls[0]?.fail(new Error('connection lost'));
    for (const read of failing) await expect(read).rejects.toThrow('connection lost');
    await turn();
    expect(calls.map((call) => call.keys)).toEqual([['a', 'b'], ['c']]);
    calls[1]?.release(rowsFor(['c']));
    expect(await later).toEqual({ id: 'c', value: 'row c' });
  });
});
