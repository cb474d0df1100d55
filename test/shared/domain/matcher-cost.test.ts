import { judgeAlertPayload } from '../../../shared/alerts/parsers/index.ts';
import { boundLabels, boundLabelValue, MAX_LABEL_VALUE_LENGTH } from '../../../shared/domain/alert.ts';
import { BudgetExceededError, computeBudget } from '../../../shared/domain/compute-budget.ts';
import {
  compileMatcher,
  compileMatchers,
  MATCH_LIMITS,
  MatcherError,
  MAX_REGEX_WIDTH,
  matchesAll,
  MAX_STEPS_PER_CHARACTER,
  parseMatchers,
} from '../../../shared/domain/matchers.ts';
import { createMatchMeter } from '../../../shared/domain/match-meter.ts';
import { buildMuteRules } from '../../../shared/domain/mute-rules.ts';
import { buildRouter } from '../../../shared/domain/routing.ts';

// The security review's regex: 30 characters, within the old limits, ~60 µs per character of label.
const EXPENSIVE = '.*a.{1000}.{1000}.{1000}.{900}';
// The widest regex of that shape still allowed: .*a then 250 positions.
const WIDE = '.*a.{250}';

const at = new Date('2027-01-01T10:00:00Z');
const alert = (labels: Record<string, string>) => ({ labels, severity: 'critical', platform: 'metrics_alerts', integrationId: 'int-a' });

describe('the cost of a regex matcher', () => {
  it.each([`payload=~"${EXPENSIVE}"`, `payload!~"${EXPENSIVE}"`, 'payload=~".*a.{300}"', 'payload=~"(a|b)*a(a|b){250}"'])(
    'refuses %s at compile time, naming the matcher and why',
    (text) => {
      const [matcher] = parseMatchers(text);
      expect(() => compileMatcher(matcher!)).toThrow(MatcherError);
      expect(() => compileMatcher(matcher!)).toThrow(
        new RegExp(`too expensive in payload[=!]~".*": it can track \\d+ positions at once \\(at most ${MAX_REGEX_WIDTH}\\)`),
      );
    },
  );

  it.each([
    WIDE,
    'x{1000}|y{1000}|z{1000}',
    '(a+)+$',
    Array.from({ length: 40 }, (_, index) => `host-${index}\\.example\\.com`).join('|'),
    '(?i)[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}',
  ])('accepts %s, whose width is within the limit', (regex) => {
    expect(() => compileMatcher({ name: 'a', operator: '=~', value: regex })).not.toThrow();
  });

  it.each<[string, string, number]>([
    // [matcher, value, cost]: an equality costs 1; a regex (characters + 1) × width, + 32 past width 12.
    ['a="x"', 'x'.repeat(5000), 1],
    ['a!="x"', '', 1],
    ['a=~"critical|high"', 'critical', 9 * 4],
    ['a=~"critical|high"', '', 4],
    ['a=~".*a.{7}"', 'a'.repeat(1000), 1001 * 12],
    ['a=~".*a.{8}"', 'a'.repeat(1000), 1001 * (13 + 32)],
    ['a=~".*a.{100}"', 'a'.repeat(1000), 1001 * (105 + 32)],
  ])('%s over %#: cost', (text, value, cost) => {
    const [matcher] = compileMatchers(parseMatchers(text));
    expect(matcher!.cost(value)).toBe(cost);
  });

  it('prices the widest allowed regex over the longest kept label within one alert budget', () => {
    const [matcher] = compileMatchers(parseMatchers(`payload=~"${WIDE}"`));
    const worst = matcher!.cost('b'.repeat(MAX_LABEL_VALUE_LENGTH));
    expect(worst).toBeLessThanOrEqual((MAX_LABEL_VALUE_LENGTH + 1) * MAX_STEPS_PER_CHARACTER);
    expect(worst).toBeLessThan(MATCH_LIMITS.steps);
  });

  it('spends the budget before a test runs, and stops when it is spent', () => {
    const matchers = compileMatchers(parseMatchers(`{a=~"${WIDE}", b=~"${WIDE}"}`));
    const value = 'a'.repeat(1000);
    const budget = computeBudget('this test', { steps: matchers[0]!.cost(value) + 10, ms: 60_000 });
    // The first test fits and matches ("a" then 250 more characters), the second is refused before it runs.
    expect(() => matchesAll(matchers, { a: value, b: value }, budget)).toThrow(BudgetExceededError);
    expect(budget.spent).toBe(matchers[0]!.cost(value) + matchers[1]!.cost(value));
  });
});

describe('a huge label value', () => {
  const payload = (value: string) => ({
    receiver: 'tocsin',
    status: 'firing',
    alerts: [{ status: 'firing', labels: { alertname: 'Huge', severity: 'critical', payload: value }, annotations: {} }],
  });

  it('is cut to MAX_LABEL_VALUE_LENGTH at ingestion, whatever the platform sends', () => {
    const judged = judgeAlertPayload('metrics_alerts', payload('ab'.repeat(50_000)));
    const [accepted] = judged.accepted;
    expect(accepted!.alert.labels.payload).toHaveLength(MAX_LABEL_VALUE_LENGTH);
    expect(accepted!.alert.labels.alertname).toBe('Huge');
  });

  it('costs the silences at most the bounded length times the width, not the 100,000 characters sent', () => {
    const [accepted] = judgeAlertPayload('metrics_alerts', payload('ab'.repeat(50_000))).accepted;
    const rules = buildMuteRules({
      silences: [
        { id: 's-wide', matchers: parseMatchers(`payload=~"${WIDE}"`), startsAt: new Date(0), endsAt: new Date('2100-01-01T00:00:00Z') },
      ],
      windows: [],
    });
    const budget = computeBudget('this alert', MATCH_LIMITS);
    rules.mutedBy(alert(accepted!.alert.labels), at, budget);
    expect(budget.spent).toBeGreaterThan(0);
    expect(budget.spent).toBeLessThanOrEqual((MAX_LABEL_VALUE_LENGTH + 1) * MAX_STEPS_PER_CHARACTER);
  });

  it('stops the mute check within its budget: the alert is not muted, so it pages', () => {
    // Every silence tests the whole value (it matches: "a" then 250 more characters) before its "n".
    const value = boundLabelValue('a'.repeat(100_000));
    const rules = buildMuteRules({
      silences: Array.from({ length: 20 }, (_, index) => ({
        id: `s-${index}`,
        // No literal prefix anywhere: the silence index cannot set any of them aside.
        matchers: parseMatchers(`{payload=~"${WIDE}", n=~"(${index})"}`),
        startsAt: new Date(0),
        endsAt: new Date('2100-01-01T00:00:00Z'),
      })),
      windows: [],
    });
    // Steps only: the clock is not what this test is about.
    const budget = computeBudget('this alert', { steps: MATCH_LIMITS.steps, ms: 60_000 });
    expect(rules.mutedBy(alert({ payload: value, n: '19' }), at, budget)).toBeNull();
    expect(budget.spent).toBeLessThanOrEqual(MATCH_LIMITS.steps + (MAX_LABEL_VALUE_LENGTH + 1) * MAX_STEPS_PER_CHARACTER);
    // With room for every test, the last silence mutes it: the cut-off alone made the difference.
    expect(rules.mutedBy(alert({ payload: value, n: '19' }), at, computeBudget('this alert', { steps: 1e9, ms: 60_000 }))).toEqual({
      kind: 'silence',
      id: 's-19',
    });
  });

  it("stops a stream of alerts built to spend their budget at the organization's matching rate", () => {
    // A clock that moves 1 ms each time it is read, and only then: the test decides what time is.
    let time = 0;
    const now = () => (time += 1);
    const rules = buildMuteRules(
      {
        // Five: within one alert's steps, so only the organization's time can stop them.
        silences: Array.from({ length: 5 }, (_, index) => ({
          id: `s-${index}`,
          matchers: parseMatchers(`{payload=~"${WIDE}", n=~"(${index})"}`),
          startsAt: new Date(0),
          endsAt: new Date('2100-01-01T00:00:00Z'),
        })),
        windows: [],
      },
      createMatchMeter(MATCH_LIMITS, { msPerSecond: 500, burstMs: 2000 }, now),
    );
    const value = boundLabelValue('a'.repeat(100_000));
    // A payload's worth of alerts, arriving at once: each tests all 5 silences to be muted.
    const muted = Array.from({ length: 1000 }, () => rules.mutedBy(alert({ payload: value, n: '4' }), at) !== null);
    const first = muted.indexOf(false);
    expect(first).toBeGreaterThan(10);
    // Once the saved-up time is spent, every further expensive alert is cut off (it pages).
    expect(muted.slice(first).every((wasMuted) => !wasMuted)).toBe(true);
    expect(muted.filter(Boolean).length).toBeLessThan(500);
  });

  it('stops routing within its budget: the fallback applies, saying why', () => {
    const value = boundLabelValue('a'.repeat(100_000));
    const router = buildRouter(
      Array.from({ length: 20 }, (_, index) => ({
        id: `r-${index}`,
        matchers: parseMatchers(`{payload=~"${WIDE}", n=~"${index}"}`),
        policyId: `p-${index}`,
        urgency: 'low' as const,
        enabled: true,
      })),
    );
    const fallback = { integrationPolicyId: 'p-int', defaultPolicyId: null };
    const budget = computeBudget('matching this alert against the routing rules', { steps: MATCH_LIMITS.steps, ms: 60_000 });
    const decision = router.route(alert({ payload: value, n: '19' }), fallback, budget);
    expect(decision).toMatchObject({ ruleId: null, policyId: 'p-int', urgency: 'high' });
    expect(decision.cutOff).toMatch(/too expensive to evaluate: more than 2000000 steps/);
    expect(budget.spent).toBeLessThanOrEqual(MATCH_LIMITS.steps + (MAX_LABEL_VALUE_LENGTH + 1) * MAX_STEPS_PER_CHARACTER);
    const unbounded = computeBudget('all of it', { steps: 1e9, ms: 60_000 });
    expect(router.route(alert({ payload: value, n: '19' }), fallback, unbounded)).toEqual({
      ruleId: 'r-19',
      policyId: 'p-19',
      urgency: 'low',
    });
  });

  it.each<[string, string]>([
    ['x'.repeat(MAX_LABEL_VALUE_LENGTH), 'x'.repeat(MAX_LABEL_VALUE_LENGTH)],
    ['x'.repeat(MAX_LABEL_VALUE_LENGTH + 1), 'x'.repeat(MAX_LABEL_VALUE_LENGTH)],
    // A pair of UTF-16 halves straddling the limit is dropped whole rather than split.
    ['x'.repeat(MAX_LABEL_VALUE_LENGTH - 1) + '😀', 'x'.repeat(MAX_LABEL_VALUE_LENGTH - 1)],
    ['', ''],
  ])('boundLabelValue %#', (value, bounded) => {
    expect(boundLabelValue(value)).toBe(bounded);
  });

  it('leaves labels within the limit as they are', () => {
    const labels = { a: 'b' };
    expect(boundLabels(labels)).toBe(labels);
  });
});
