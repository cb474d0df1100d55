import fc from 'fast-check';
import { BudgetExceededError, computeBudget, type ComputeBudget } from '../../../shared/domain/compute-budget.ts';
import { WINDOW_RULE_BUDGET } from '../../../shared/domain/compute-limits.ts';
import {
  checkWindow,
  parseWindowRule,
  windowMatcher,
  windowOccurrencesAround,
  WindowRuleError,
  type WindowSpan,
} from '../../../shared/domain/maintenance-window.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.parse('2026-11-30T00:00:00Z');
const minutes = Array.from({ length: 60 }, (_, i) => i).join(',');

describe('parseWindowRule: at most hourly, whatever FREQ says', () => {
  it.each([
    `FREQ=HOURLY;BYMINUTE=${minutes};BYSECOND=${minutes}`,
    'FREQ=HOURLY;BYMINUTE=0,30',
    'FREQ=HOURLY;BYSECOND=0,1',
    'FREQ=DAILY;BYHOUR=3;BYMINUTE=0,1,2',
    'FREQ=WEEKLY;BYDAY=MO;BYSECOND=0,10',
  ])('refuses %s', (text) => {
    expect(() => parseWindowRule(text)).toThrow(
      new WindowRuleError('a window recurs at most hourly: give at most one BYMINUTE and one BYSECOND value'),
    );
  });

  it.each(['FREQ=HOURLY;INTERVAL=2;BYHOUR=1', 'FREQ=HOURLY;INTERVAL=3;BYHOUR=0,3'])('refuses %s: rrule.js would never return', (text) => {
    expect(() => parseWindowRule(text)).toThrow(/needs an INTERVAL that shares no factor with 24/);
  });

  it.each([
    'FREQ=HOURLY;INTERVAL=5;BYHOUR=1',
    'FREQ=HOURLY;BYMINUTE=30',
    'FREQ=DAILY;BYHOUR=0,6,12,18;BYMINUTE=15;BYSECOND=0',
    'FREQ=HOURLY;BYHOUR=1,2,3',
  ])('reads %s', (text) => {
    expect(parseWindowRule(text).freq).toBeDefined();
  });
});

describe('evaluating a window rule within its budget', () => {
  const never: WindowSpan = {
    startsAt: new Date('2026-01-01T00:00:00Z'),
    endsAt: new Date('2026-01-01T01:00:00Z'),
    rrule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
    timeZone: 'UTC',
  };

  it('cuts off a rule that never matches, in checkWindow and in the week expansion', () => {
    const options = parseWindowRule(never.rrule as string);
    expect(() =>
      checkWindow(never, options, new Date(NOW), computeBudget('the recurrence rule', { ...WINDOW_RULE_BUDGET, ms: 60_000 })),
    ).toThrow(BudgetExceededError);
    const budget = computeBudget('the recurrence rule', { ...WINDOW_RULE_BUDGET, ms: 60_000 });
    expect(() => windowOccurrencesAround(never, options, new Date(NOW), budget)).toThrow(
      'the recurrence rule is too expensive to evaluate: more than 100000 steps',
    );
    expect(budget.spent).toBe(WINDOW_RULE_BUDGET.steps + 1);
  });

  it('mutes nothing for a week with a rule past its budget, and says so once', () => {
    const reports: BudgetExceededError[] = [];
    const matcher = windowMatcher(never, (error) => reports.push(error));
    const answers = [0, 1, 2, 3, 48].map((hours) => matcher(new Date(NOW + hours * HOUR)));
    expect(answers).toEqual([false, false, false, false, false]);
    expect(reports).toHaveLength(1);
  });

  it('answers every alert of a week from one expansion', () => {
    const hourly: WindowSpan = {
      startsAt: new Date('2026-11-01T00:00:00Z'),
      endsAt: new Date('2026-11-01T00:10:00Z'),
      rrule: 'FREQ=HOURLY',
      timeZone: 'Europe/Berlin',
    };
    const expanded = windowOccurrencesAround(hourly, parseWindowRule('FREQ=HOURLY'), new Date(NOW));
    expect(expanded.until - expanded.from).toBe(5 * DAY);
    expect(expanded.spans.length).toBeGreaterThan(5 * 24);
  });
});

// Random rules within the limits (at most hourly, started within a year): every evaluation ends
// within its budget (a rule that never matches, such as every other month in January, is cut off
// by it), and the week expansion answers as checkWindow does at every instant.
const rule = fc
  .record({
    freq: fc.constantFrom('HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
    interval: fc.integer({ min: 1, max: 4 }),
    byday: fc.option(fc.uniqueArray(fc.constantFrom('MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'), { minLength: 1, maxLength: 3 }), {
      nil: undefined,
    }),
    bymonth: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 3 }), { nil: undefined }),
    bymonthday: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 28 }), { minLength: 1, maxLength: 3 }), { nil: undefined }),
    byhour: fc.option(fc.uniqueArray(fc.integer({ min: 0, max: 23 }), { minLength: 1, maxLength: 4 }), { nil: undefined }),
    byminute: fc.option(fc.integer({ min: 0, max: 59 }), { nil: undefined }),
  })
  .map(({ freq, interval, ...parts }) =>
    [
      `FREQ=${freq}`,
      `INTERVAL=${interval}`,
      ...Object.entries(parts)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => `${key.toUpperCase()}=${Array.isArray(value) ? value.join(',') : value}`),
    ].join(';'),
  )
  .filter((text) => {
    try {
      return Boolean(parseWindowRule(text));
    } catch (error) {
      if (error instanceof WindowRuleError) return false;
      throw error;
    }
  });

const window = fc.record({
  rrule: rule,
  startOffsetHours: fc.integer({ min: -365 * 24, max: 30 * 24 }),
  lengthMinutes: fc.integer({ min: 1, max: 3 * 24 * 60 }),
  timeZone: fc.constantFrom('UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe'),
  probes: fc.array(fc.integer({ min: 0, max: 5 * 24 * 60 - 1 }), { minLength: 1, maxLength: 3 }),
});

describe('random window rules within the limits', () => {
  it('each evaluation finishes within its budget, and the week expansion agrees with checkWindow', () => {
    fc.assert(
      fc.property(window, ({ rrule, startOffsetHours, lengthMinutes, timeZone, probes }) => {
        const startsAt = new Date(NOW + startOffsetHours * HOUR);
        const span: WindowSpan = { startsAt, endsAt: new Date(startsAt.getTime() + lengthMinutes * 60_000), rrule, timeZone };
        const options = parseWindowRule(rrule);
        const within = <T>(evaluate: (budget: ComputeBudget) => T): T | null => {
          const budget = computeBudget('the recurrence rule', { ...WINDOW_RULE_BUDGET, ms: 60_000 });
          try {
            return evaluate(budget);
          } catch (error) {
            expect(error).toBeInstanceOf(BudgetExceededError);
            return null;
          } finally {
            expect(budget.spent).toBeLessThanOrEqual(WINDOW_RULE_BUDGET.steps + 1);
          }
        };
        const expanded = within((budget) => windowOccurrencesAround(span, options, new Date(NOW), budget));
        if (!expanded) return;
        const matcher = windowMatcher(span);
        for (const minute of probes) {
          const instant = new Date(NOW + minute * 60_000);
          expect(instant.getTime()).toBeLessThan(expanded.until);
          const checked = within((budget) => checkWindow(span, options, instant, budget));
          if (checked) expect(matcher(instant)).toBe(checked.inside);
        }
      }),
      { numRuns: 40, seed: 44 },
    );
  });
});
