import { createAnalysisRefresher, createScheduleThrottle } from '../../api/services/incident-analysis.ts';
import { createLogger } from '../../shared/logger.ts';

describe('createScheduleThrottle', () => {
  it.each([
    ['first time', [0], [true]],
    ['again within the interval', [0, 59_999], [true, false]],
    ['again after the interval', [0, 60_000], [true, true]],
    ['a refused try does not extend the wait', [0, 30_000, 60_000], [true, false, true]],
  ])('%s', (_case, times, expected) => {
    let clock = 0;
    const throttle = createScheduleThrottle({ intervalMs: 60_000, capacity: 10, now: () => clock });
    const results = times.map((time) => {
      clock = time;
      return throttle.tryAcquire('incident-1');
    });
    expect(results).toEqual(expected);
  });

  it('remembers at most `capacity` keys, forgetting the oldest first', () => {
    const throttle = createScheduleThrottle({ intervalMs: 60_000, capacity: 2, now: () => 0 });
    expect([throttle.tryAcquire('a'), throttle.tryAcquire('b'), throttle.tryAcquire('c')]).toEqual([true, true, true]);
    expect(throttle.size).toBe(2);
    expect(throttle.tryAcquire('c')).toBe(false);
    expect(throttle.tryAcquire('a')).toBe(true);
  });
});

describe('createAnalysisRefresher', () => {
  const logger = createLogger({ name: 'test', level: 'silent' });
  const minute = 60_000;

  it.each([
    ['never analyzed', null, 1],
    ['analyzed a minute ago', new Date(100 * minute - minute), 0],
    ['analyzed an hour ago', new Date(100 * minute - 60 * minute), 1],
  ])('%s: schedules %i refresh(es) for three reads in a row', (_case, analyzedAt, expected) => {
    const scheduled: string[] = [];
    const refresher = createAnalysisRefresher({
      logger,
      now: () => 100 * minute,
      schedule: async (input) => void scheduled.push(input.incidentId),
    });
    for (let read = 0; read < 3; read += 1) refresher.refreshIfStale({ organizationId: 'org', id: 'incident-1', analyzedAt });
    expect(scheduled).toHaveLength(expected);
  });

  it('a failing schedule does not throw into the read', async () => {
    let calls = 0;
    const refresher = createAnalysisRefresher({
      logger,
      schedule: async () => {
        calls += 1;
        throw new Error('temporal away');
      },
    });
    expect(() => refresher.refreshIfStale({ organizationId: 'org', id: 'incident-1', analyzedAt: null })).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toBe(1);
  });
});
