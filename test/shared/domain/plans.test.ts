import {
  DEFAULT_PLAN,
  isPlan,
  PLAN_LIMITS,
  PLANS,
  planLimits,
  RATE_LIMIT_CLASSES,
  RATE_LIMIT_WINDOW_SECONDS,
} from '../../../shared/domain/plans.ts';

describe('plans and their rate limits', () => {
  it("gives the default plan the spec's numbers per hour", () => {
    expect(DEFAULT_PLAN).toBe('free');
    expect(RATE_LIMIT_WINDOW_SECONDS).toBe(3600);
    expect(PLAN_LIMITS[DEFAULT_PLAN]).toEqual({ interactive: 1000, api_key: 5000, webhook: 10000, search: 500 });
  });

  it('never gives a larger plan less than a smaller one, in any class', () => {
    for (let index = 1; index < PLANS.length; index += 1) {
      for (const limitClass of RATE_LIMIT_CLASSES) {
        expect(PLAN_LIMITS[PLANS[index]][limitClass]).toBeGreaterThan(PLAN_LIMITS[PLANS[index - 1]][limitClass]);
      }
    }
  });

  it.each([
    ['free', 1000],
    ['team', PLAN_LIMITS.team.interactive],
    ['enterprise', PLAN_LIMITS.enterprise.interactive],
    ['platinum', 1000],
    ['', 1000],
    [null, 1000],
    [undefined, 1000],
  ])('reads plan %p as %p interactive requests per hour', (plan, expected) => {
    expect(planLimits(plan).interactive).toBe(expected);
  });

  it('lets configured overrides replace one class for every plan, and nothing else', () => {
    const limits = planLimits('enterprise', { interactive: 5, search: undefined });
    expect(limits).toEqual({ ...PLAN_LIMITS.enterprise, interactive: 5 });
    expect(planLimits('free', { api_key: 3 }).api_key).toBe(3);
    expect(PLAN_LIMITS.enterprise.interactive).not.toBe(5);
  });

  it('keeps the table immutable', () => {
    expect(Object.isFrozen(PLAN_LIMITS)).toBe(true);
    expect(Object.isFrozen(PLAN_LIMITS.free)).toBe(true);
    expect(() => {
      (PLAN_LIMITS.free as { interactive: number }).interactive = 1;
    }).toThrow(TypeError);
  });

  it('recognises plan names exactly', () => {
    expect(PLANS.every(isPlan)).toBe(true);
    expect(isPlan('Free')).toBe(false);
    expect(isPlan(1)).toBe(false);
  });
});
