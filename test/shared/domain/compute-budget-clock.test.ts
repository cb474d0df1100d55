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

  it('rests after each run of work when paced, and leaves the rests out of its time', () => {
    let time = 0;
    const rests: number[] = [];
    const rest = (ms: number) => {
      rests.push(ms);
      time += ms;
    };
    const budget = computeBudget('this', { steps: 1e9, ms: 25, clockEvery: 1 }, () => time, { runMs: 10, restMs: 20, rest });
    // 5 ms of work a step: a rest at 10 ms and at 40 ms (10 ms of work after the first rest).
    for (let step = 0; step < 5; step += 1) {
      time += 5;
      budget.spend();
    }
    expect(rests).toEqual([20, 20]);
    expect(time).toBe(65);
    // 30 ms of work by now, past the 25 ms limit; counting the rests it was past it at the third step.
    time += 5;
    expect(() => budget.spend()).toThrow(BudgetExceededError);
  });
});
