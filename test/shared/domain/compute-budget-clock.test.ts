import { BudgetExceededError, computeBudget } from '../../../shared/domain/compute-budget.ts';

describe('computeBudget: how often it looks at the clock', () => {
  it.each<[number | undefined, number[], number]>([
    // [clockEvery, steps spent one call at a time, clock reads after the start]
    [undefined, [100, 100, 100], 1],
    [undefined, [300], 1],
    [1000, [300, 300, 300], 0],
    [1000, [300, 300, 300, 300], 1],
    [16_384, Array.from({ length: 100 }, () => 200), 1],
  ])('clockEvery %p, spends %j: %p reads', (clockEvery, spends, reads) => {
    let calls = 0;
    const budget = computeBudget('this', { steps: 1e9, ms: 1e9, clockEvery }, () => {
      calls += 1;
      return 0;
    });
    for (const n of spends) budget.spend(n);
    expect(calls - 1).toBe(reads);
  });

  it('cuts off on time at the first look past the limit', () => {
    let time = 0;
    const budget = computeBudget('this', { steps: 1e9, ms: 50, clockEvery: 1000 }, () => time);
    time = 60;
    budget.spend(999);
    expect(() => budget.spend(1)).toThrow(BudgetExceededError);
  });
});
