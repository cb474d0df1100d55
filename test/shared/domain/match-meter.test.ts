import { BudgetExceededError } from '../../../shared/domain/compute-budget.ts';
import { createMatchMeter, EXHAUSTED_MATCH_STEPS, matchMetersByOrganization } from '../../../shared/domain/match-meter.ts';
import { MATCH_LIMITS } from '../../../shared/domain/matchers.ts';

/** A clock the test moves; each evaluation "takes" `cost` ms of it. */
function clock() {
  let time = 0;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe("createMatchMeter: an organization's matching time", () => {
  const rate = { msPerSecond: 500, burstMs: 2000 };

  it('gives each evaluation the per-alert limits while time is saved up', () => {
    const time = clock();
    const meter = createMatchMeter(MATCH_LIMITS, rate, time.now);
    const spent = meter.run('this', (budget) => {
      budget.spend(MATCH_LIMITS.steps);
      return budget.spent;
    });
    expect(spent).toBe(MATCH_LIMITS.steps);
  });

  it.each<[string, number, number, boolean]>([
    // [case, ms each evaluation takes, evaluations, whether an expensive one still runs after]
    ['1.9 s of a 2 s burst used', 100, 19, true],
    ['the 2 s burst used up', 100, 20, false],
  ])('%s', (_case, ms, evaluations, expensiveRuns) => {
    const time = clock();
    const meter = createMatchMeter(MATCH_LIMITS, rate, time.now);
    // Each evaluation takes `ms`, with no time passing in between: only the burst pays.
    for (let index = 0; index < evaluations; index += 1) meter.run('this', () => time.advance(ms));
    const expensive = () => meter.run('this', (budget) => budget.spend(EXHAUSTED_MATCH_STEPS + 1));
    if (expensiveRuns) expect(expensive).not.toThrow();
    else expect(expensive).toThrow(BudgetExceededError);
    // Cheap matching goes on whatever is left.
    expect(() => meter.run('this', (budget) => budget.spend(EXHAUSTED_MATCH_STEPS))).not.toThrow();
  });

  it('refills at the rate: a second later half a second of matching is back', () => {
    const time = clock();
    const meter = createMatchMeter(MATCH_LIMITS, rate, time.now);
    meter.run('this', () => time.advance(2100));
    expect(() => meter.run('this', (budget) => budget.spend(EXHAUSTED_MATCH_STEPS + 1))).toThrow(BudgetExceededError);
    time.advance(1000);
    expect(() => meter.run('this', (budget) => budget.spend(EXHAUSTED_MATCH_STEPS + 1))).not.toThrow();
  });

  it('keeps one meter per organization', () => {
    const meterOf = matchMetersByOrganization(MATCH_LIMITS, 2);
    expect(meterOf('a')).toBe(meterOf('a'));
    expect(meterOf('a')).not.toBe(meterOf('b'));
  });
});
