import { cachedLoader } from '../../shared/observability/metrics.ts';

describe('cachedLoader', () => {
  it('loads once per period, shares a load in flight, and keeps the last value when a load fails', async () => {
    let now = 0;
    let loads = 0;
    let fail = false;
    const load = cachedLoader(
      async () => {
        loads += 1;
        if (fail) throw new Error('database down');
        return loads;
      },
      { ttlMs: 1000, now: () => now },
    );
    expect(await Promise.all([load(), load()])).toEqual([1, 1]);
    now = 999;
    expect(await load()).toBe(1);
    now = 1000;
    expect(await load()).toBe(2);
    fail = true;
    now = 5000;
    expect(await load()).toBe(2);
    expect(loads).toBe(3);
  });

  it('answers undefined until a first load succeeds', async () => {
    const load = cachedLoader(
      async () => {
        throw new Error('no');
      },
      { ttlMs: 1000 },
    );
    expect(await load()).toBeUndefined();
  });
});
