import { sharedResult } from '../../../shared/cache/shared-result.ts';

/** A computation whose calls the test settles by hand, on a clock the test moves. */
function harness(maxAgeMs: number) {
  let clock = 0;
  const calls: Array<{ resolve: (value: number) => void; reject: (error: Error) => void }> = [];
  const get = sharedResult(
    () =>
      new Promise<number>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
    { maxAgeMs, now: () => clock },
  );
  return {
    get,
    calls,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('sharedResult', () => {
  it('lets concurrent callers share one computation', async () => {
    const { get, calls } = harness(0);
    const answers = [get(), get(), get()];
    expect(calls).toHaveLength(1);
    calls[0]?.resolve(7);
    expect(await Promise.all(answers)).toEqual([7, 7, 7]);
  });

  it.each([
    // maxAgeMs, ms after the start of the first computation, computations in all
    [0, 0, 2],
    [2000, 0, 1],
    [2000, 1999, 1],
    [2000, 2000, 2],
    [2000, 5000, 2],
  ])('with maxAgeMs %i, asked again %i ms after the first computation started: %i computations', async (maxAgeMs, later, expected) => {
    const { get, calls, advance } = harness(maxAgeMs);
    const first = get();
    calls[0]?.resolve(1);
    expect(await first).toBe(1);
    advance(later);
    const second = get();
    calls[1]?.resolve(2);
    expect(await second).toBe(expected === 1 ? 1 : 2);
    expect(calls).toHaveLength(expected);
  });

  it('counts the age from when the computation started, not from when it ended', async () => {
    const { get, calls, advance } = harness(2000);
    const first = get();
    advance(1500); // a slow check
    calls[0]?.resolve(1);
    await first;
    advance(600);
    const second = get();
    expect(calls).toHaveLength(2);
    calls[1]?.resolve(2);
    expect(await second).toBe(2);
  });

  it('shares a failure with those waiting on it, keeps nothing of it, and computes again for the next caller', async () => {
    const { get, calls } = harness(60_000);
    const waiting = [get(), get()];
    calls[0]?.reject(new Error('down'));
    for (const answer of waiting) await expect(answer).rejects.toThrow('down');
    const next = get();
    expect(calls).toHaveLength(2);
    calls[1]?.resolve(3);
    expect(await next).toBe(3);
  });
});
