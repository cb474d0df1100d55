import { planMemberPages, pagesByDelay, type PageUrgency, type RuleCandidate } from '../../../shared/domain/notification-rules.ts';

const rule = (id: string, over: Partial<RuleCandidate> = {}): RuleCandidate => ({
  rule_id: id,
  contact_method_id: `m-${id}`,
  method: 'email',
  verified: true,
  delay_minutes: 0,
  urgency: 'any',
  ...over,
});

const DEFAULT = { ruleId: null, contactMethodId: null, method: 'email', delayMs: 0 };

describe('planMemberPages', () => {
  it.each<[string, RuleCandidate[], PageUrgency, Array<{ ruleId: string | null; method: string; delayMs: number }>]>([
    ['no rules: the account email at once', [], 'high', [DEFAULT]],
    ['no rules, low urgency: the account email at once', [], 'low', [DEFAULT]],
    ['an `any` rule applies to high', [rule('a', { delay_minutes: 5 })], 'high', [{ ruleId: 'a', method: 'email', delayMs: 300_000 }]],
    ['an `any` rule applies to low', [rule('a')], 'low', [{ ruleId: 'a', method: 'email', delayMs: 0 }]],
    ['a high rule is skipped on a low page (default instead)', [rule('h', { urgency: 'high' })], 'low', [DEFAULT]],
    [
      'a low rule is skipped on a high page',
      [rule('l', { urgency: 'low' }), rule('h', { urgency: 'high' })],
      'high',
      [{ ruleId: 'h', method: 'email', delayMs: 0 }],
    ],
    [
      'a low page never goes by webhook, even through an `any` rule',
      [rule('w', { method: 'webhook' }), rule('e', { delay_minutes: 2 })],
      'low',
      [{ ruleId: 'e', method: 'email', delayMs: 120_000 }],
    ],
    [
      'a low page with only a webhook rule falls back to the account email',
      [rule('w', { method: 'webhook', urgency: 'low' })],
      'low',
      [DEFAULT],
    ],
    [
      'an unverified method is never paged',
      [rule('u', { verified: false }), rule('v', { delay_minutes: 1 })],
      'high',
      [{ ruleId: 'v', method: 'email', delayMs: 60_000 }],
    ],
    ['only unverified methods: the account email at once', [rule('u', { verified: false })], 'high', [DEFAULT]],
    [
      'every applicable rule fires, soonest first',
      [rule('late', { delay_minutes: 10, method: 'webhook' }), rule('now'), rule('mid', { delay_minutes: 3, urgency: 'high' })],
      'high',
      [
        { ruleId: 'now', method: 'email', delayMs: 0 },
        { ruleId: 'mid', method: 'email', delayMs: 180_000 },
        { ruleId: 'late', method: 'webhook', delayMs: 600_000 },
      ],
    ],
    [
      'a delay beyond a day is held to a day',
      [rule('x', { delay_minutes: 99_999 })],
      'high',
      [{ ruleId: 'x', method: 'email', delayMs: 86_400_000 }],
    ],
    ['a negative delay is at once', [rule('x', { delay_minutes: -5 })], 'high', [{ ruleId: 'x', method: 'email', delayMs: 0 }]],
  ])('%s', (_name, rules, urgency, expected) => {
    const planned = planMemberPages('u1', rules, urgency);
    expect(planned.map(({ ruleId, method, delayMs }) => ({ ruleId, method, delayMs }))).toEqual(
      expected.map(({ ruleId, method, delayMs }) => ({ ruleId, method, delayMs })),
    );
    expect(planned.every((page) => page.userId === 'u1')).toBe(true);
    for (const page of planned) expect(page.contactMethodId).toBe(page.ruleId === null ? null : `m-${page.ruleId}`);
  });
});

describe('pagesByDelay', () => {
  it('groups pages of equal delay, soonest first', () => {
    const pages = [...planMemberPages('a', [rule('a1', { delay_minutes: 5 }), rule('a0')], 'high'), ...planMemberPages('b', [], 'high')];
    expect(pagesByDelay(pages).map(({ delayMs, pages: group }) => [delayMs, group.map((page) => page.ruleId ?? page.userId)])).toEqual([
      [0, ['a0', 'b']],
      [300_000, ['a1']],
    ]);
    expect(pagesByDelay([])).toEqual([]);
  });
});
