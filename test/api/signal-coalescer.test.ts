import { createSignalCoalescer } from '../../api/services/signal-coalescer.ts';

/** A send that records each call and completes only when the test releases it. */
function controlledSend() {
  const calls: Array<{ key: string; items: number[]; release(): void; fail(error: Error): void }> = [];
  const send = (key: string, items: number[]) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ key, items, release: resolve, fail: reject });
    });
  return { calls, send };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createSignalCoalescer', () => {
  it('sends an idle key at once, and what queued during a send in the next one, in order', async () => {
    const { calls, send } = controlledSend();
    const coalescer = createSignalCoalescer(send, { maxItems: 100 });
    const first = coalescer.submit('a', [1]);
    await settle();
    expect(calls.map((call) => call.items)).toEqual([[1]]);
    const second = coalescer.submit('a', [2, 3]);
    const third = coalescer.submit('a', [4]);
    await settle();
    expect(calls).toHaveLength(1);
    calls[0]?.release();
    await first;
    await settle();
    expect(calls.map((call) => call.items)).toEqual([[1], [2, 3, 4]]);
    let secondDone = false;
    void second.then(() => (secondDone = true));
    await settle();
    expect(secondDone).toBe(false);
    calls[1]?.release();
    await Promise.all([second, third]);
  });

  it('sends different keys concurrently', async () => {
    const { calls, send } = controlledSend();
    const coalescer = createSignalCoalescer(send, { maxItems: 100 });
    const done = [coalescer.submit('a', [1]), coalescer.submit('b', [2])];
    await settle();
    expect(calls.map((call) => [call.key, call.items])).toEqual([
      ['a', [1]],
      ['b', [2]],
    ]);
    for (const call of calls) call.release();
    await Promise.all(done);
  });

  it('rejects exactly the submissions of a failed send, and goes on with the next', async () => {
    const { calls, send } = controlledSend();
    const coalescer = createSignalCoalescer(send, { maxItems: 100 });
    const first = coalescer.submit('a', [1]);
    await settle();
    const second = coalescer.submit('a', [2]);
    const third = coalescer.submit('a', [3]);
    calls[0]?.release();
    await first;
    await settle();
    calls[1]?.fail(new Error('unavailable'));
    await expect(second).rejects.toThrow('unavailable');
    await expect(third).rejects.toThrow('unavailable');
    const fourth = coalescer.submit('a', [4]);
    await settle();
    expect(calls.map((call) => call.items)).toEqual([[1], [2, 3], [4]]);
    calls[2]?.release();
    await fourth;
  });

  it('puts at most maxItems in a send, never splitting a submission', async () => {
    const { calls, send } = controlledSend();
    const coalescer = createSignalCoalescer(send, { maxItems: 3 });
    const done = [
      coalescer.submit('a', [0]),
      coalescer.submit('a', [1, 2]),
      coalescer.submit('a', [3, 4]),
      coalescer.submit('a', [5, 6, 7, 8]),
    ];
    for (let round = 0; round < 4; round += 1) {
      await settle();
      calls[round]?.release();
    }
    await Promise.all(done);
    expect(calls.map((call) => call.items)).toEqual([[0], [1, 2], [3, 4], [5, 6, 7, 8]]);
  });
});
