import { BudgetExceededError, computeBudget } from '../../../shared/domain/compute-budget.ts';

/** A clock the test moves by hand. */
const clock = () => {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
};

describe('computeBudget', () => {
  it.each([
    { name: 'steps within the limit', spends: [1, 1, 98], advanceMs: 0, limits: { steps: 100, ms: 50 }, spent: 100, refused: null },
    { name: 'one step past the limit', spends: [100, 1], advanceMs: 0, limits: { steps: 100, ms: 50 }, spent: 101, refused: 'steps' },
    { name: 'a large spend at once', spends: [5_000], advanceMs: 0, limits: { steps: 100, ms: 50 }, spent: 5_000, refused: 'steps' },
    {
      name: 'time past the limit, noticed at a clock check',
      spends: [300],
      advanceMs: 51,
      limits: { steps: 10_000, ms: 50 },
      spent: 300,
      refused: 'time',
    },
    {
      name: 'time past the limit, not yet at a clock check',
      spends: [10],
      advanceMs: 51,
      limits: { steps: 10_000, ms: 50 },
      spent: 10,
      refused: null,
    },
    { name: 'time within the limit', spends: [300, 300], advanceMs: 50, limits: { steps: 10_000, ms: 50 }, spent: 600, refused: null },
  ] as const)('$name', ({ spends, advanceMs, limits, spent, refused }) => {
    const time = clock();
    const budget = computeBudget('the thing', limits, time.now);
    time.advance(advanceMs);
    let error: unknown = null;
    try {
      for (const n of spends) budget.spend(n);
    } catch (caught) {
      error = caught;
    }
    expect(budget.spent).toBe(spent);
    if (refused === null) expect(error).toBeNull();
    else {
      expect(error).toBeInstanceOf(BudgetExceededError);
      expect((error as BudgetExceededError).limit).toBe(refused);
      expect((error as BudgetExceededError).what).toBe('the thing');
      expect((error as Error).message).toMatch(/^the thing is too expensive to evaluate: more than /);
    }
  });

  it('spends one step by default', () => {
    const budget = computeBudget('x', { steps: 2, ms: 1_000 });
    budget.spend();
    budget.spend();
    expect(budget.spent).toBe(2);
    expect(() => budget.spend()).toThrow(BudgetExceededError);
  });
});
