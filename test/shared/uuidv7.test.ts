import { uuidv7 } from '../../shared/uuidv7.ts';

describe('uuidv7', () => {
  it('has the version 7 and RFC variant bits', () => {
    expect(uuidv7()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('encodes the millisecond timestamp in the first 48 bits', () => {
    const id = uuidv7(1_795_305_600_123);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBeGreaterThanOrEqual(1_795_305_600_123);
  });

  it.each([1, 10, 5000])('sorts %i ids made in the same millisecond in creation order', (count) => {
    const now = Date.now() + 10_000;
    const ids = Array.from({ length: count }, () => uuidv7(now));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(count);
  });

  it('stays ordered when the clock steps back', () => {
    const later = uuidv7(Date.now() + 20_000);
    const earlierClock = uuidv7(Date.now());
    expect(earlierClock > later).toBe(true);
  });

  it('draws fresh random bits for every id, across refills of its random pool', () => {
    const start = Date.now() + 30_000;
    // Each id takes 18 bytes of a 4 KiB pool: 1,000 ids refill it four times.
    const tails = Array.from({ length: 1000 }, (_, i) => uuidv7(start + i).slice(-12));
    expect(new Set(tails).size).toBe(tails.length);
  });
});
