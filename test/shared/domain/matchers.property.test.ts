import fc from 'fast-check';
import { MAX_LABEL_VALUE_LENGTH } from '../../../shared/domain/alert.ts';
import { BudgetExceededError, computeBudget } from '../../../shared/domain/compute-budget.ts';
import {
  compileMatcher,
  MATCH_LIMITS,
  MatcherError,
  matchesAll,
  MAX_STEPS_PER_CHARACTER,
  type CompiledMatcher,
  type MatchOperator,
} from '../../../shared/domain/matchers.ts';

// Random RE2 programs over a two-letter alphabet (the adversary's favourite: every DFA state is
// reachable), with loops and counted repetitions of the sizes that blow up RE2JS's fast path.
const regex: fc.Arbitrary<string> = fc.letrec<{ expr: string; piece: string; atom: string }>((tie) => ({
  atom: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('a', 'b', '.', '[ab]', '\\d', '(?i)A'),
    tie('expr').map((inner) => `(?:${inner})`),
  ),
  piece: fc
    .tuple(
      tie('atom'),
      fc.oneof(
        fc.constantFrom('', '', '*', '+', '?'),
        fc.integer({ min: 1, max: 300 }).map((n) => `{${n}}`),
        fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 200 })).map(([n, extra]) => `{${n},${n + extra}}`),
      ),
    )
    .map(([atom, quantifier]) => atom + quantifier),
  expr: fc
    .array(fc.array(tie('piece'), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 })
    .map((branches) => branches.map((pieces) => pieces.join('')).join('|')),
})).expr;

const operator = fc.constantFrom<MatchOperator>('=~', '!~');
const value = fc.array(fc.constantFrom('a', 'b', '1', 'A'), { maxLength: MAX_LABEL_VALUE_LENGTH }).map((chars) => chars.join(''));

/** The matcher if it compiles within the limits (those outside them are refused at creation). */
function compiled(name: string, op: MatchOperator, text: string): CompiledMatcher | null {
  if (text.length > 1000) return null;
  try {
    return compileMatcher({ name, operator: op, value: text });
  } catch (error) {
    if (error instanceof MatcherError) return null;
    throw error;
  }
}

describe('matcher evaluation within its budget (property)', () => {
  it('prices every test within the per-character bound, stops at the budget, and answers as without one', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(regex, operator), { minLength: 1, maxLength: 3 }), value, value, (specs, first, second) => {
        const matchers = specs.map(([text, op], index) => compiled(index % 2 ? 'b' : 'a', op, text));
        fc.pre(matchers.every((matcher) => matcher !== null));
        const allowed = matchers as CompiledMatcher[];
        const subject = { a: first, b: second };
        // Each test is priced before it runs, and no allowed test can cost more than the widest
        // regex over the longest kept label value.
        let tested = 0;
        const counted = allowed.map((matcher) => ({
          ...matcher,
          test: (candidate: string) => {
            tested += 1;
            return matcher.test(candidate);
          },
        }));
        for (const matcher of allowed) {
          expect(matcher.cost(subject[matcher.name as 'a' | 'b'])).toBeLessThanOrEqual(
            (MAX_LABEL_VALUE_LENGTH + 1) * MAX_STEPS_PER_CHARACTER,
          );
        }
        const budget = computeBudget('this alert', { steps: MATCH_LIMITS.steps, ms: 3_600_000 });
        let answer: boolean | 'cut off';
        try {
          answer = matchesAll(counted, subject, budget);
        } catch (error) {
          if (!(error instanceof BudgetExceededError)) throw error;
          answer = 'cut off';
        }
        if (answer === 'cut off') {
          // The test that would have overspent never ran.
          expect(tested).toBeLessThan(allowed.length);
        } else {
          expect(budget.spent).toBeLessThanOrEqual(MATCH_LIMITS.steps);
          expect(answer).toBe(matchesAll(allowed, subject));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('a small budget cuts every evaluation off before the work it cannot pay for', () => {
    fc.assert(
      fc.property(regex, value, fc.integer({ min: 1, max: 5000 }), (text, candidate, steps) => {
        const matcher = compiled('a', '=~', text);
        fc.pre(matcher !== null);
        const budget = computeBudget('this alert', { steps, ms: 3_600_000 });
        let ran = false;
        const watched = { ...matcher!, test: (input: string) => ((ran = true), matcher!.test(input)) };
        try {
          matchesAll([watched], { a: candidate }, budget);
          expect(matcher!.cost(candidate)).toBeLessThanOrEqual(steps);
        } catch (error) {
          if (!(error instanceof BudgetExceededError)) throw error;
          expect(ran).toBe(false);
          expect(matcher!.cost(candidate)).toBeGreaterThan(steps);
        }
      }),
      { numRuns: 100 },
    );
  });
});
