import { MatcherError, parseMatchers } from '../../../shared/domain/matchers.ts';
import { buildRouter, routingRuleMatchers, type RoutedAlert, type RoutingRuleDefinition } from '../../../shared/domain/routing.ts';

const rule = (id: string, matchers: string, policyId: string, urgency: 'high' | 'low' = 'high', enabled = true): RoutingRuleDefinition => ({
  id,
  matchers: parseMatchers(matchers),
  policyId,
  urgency,
  enabled,
});

const alert = (overrides: Partial<RoutedAlert> = {}): RoutedAlert => ({
  labels: { service: 'db', env: 'prod' },
  severity: 'critical',
  platform: 'metrics_alerts',
  integrationId: 'int-1',
  ...overrides,
});

type Fallback = { integrationPolicyId: string | null; teamPolicyId?: string | null; defaultPolicyId: string | null };
const fallback: Fallback = { integrationPolicyId: 'p-integration', defaultPolicyId: 'p-default' };

describe('buildRouter().route', () => {
  const rules = [
    rule('r-db-critical', '{service="db", severity="critical"}', 'p-dba', 'high'),
    rule('r-staging', 'env=~"staging|dev"', 'p-quiet', 'low'),
    rule('r-disabled', 'service="db"', 'p-never', 'high', false),
    rule('r-db-any', 'service="db"', 'p-dba-day', 'low'),
    rule('r-other-integration', 'integration="int-2"', 'p-int2', 'low'),
    rule('r-apm', 'platform="apm"', 'p-apm', 'high'),
  ];
  const router = buildRouter(rules);

  it.each<[string, RoutedAlert, Fallback, { ruleId: string | null; policyId: string | null; urgency: 'high' | 'low' }]>([
    ['the first matching rule wins over later ones', alert(), fallback, { ruleId: 'r-db-critical', policyId: 'p-dba', urgency: 'high' }],
    [
      'severity is matched as the normalized field',
      alert({ severity: 'low' }),
      fallback,
      { ruleId: 'r-db-any', policyId: 'p-dba-day', urgency: 'low' },
    ],
    [
      'a regex matches the whole value',
      alert({ labels: { env: 'staging' } }),
      fallback,
      { ruleId: 'r-staging', policyId: 'p-quiet', urgency: 'low' },
    ],
    [
      'a regex does not match a value it only contains',
      alert({ labels: { env: 'staging-2' } }),
      fallback,
      { ruleId: null, policyId: 'p-integration', urgency: 'high' },
    ],
    [
      'a disabled rule is skipped',
      alert({ severity: 'info', labels: { service: 'db' } }),
      fallback,
      { ruleId: 'r-db-any', policyId: 'p-dba-day', urgency: 'low' },
    ],
    [
      'integration is matched on the integration id',
      alert({ labels: {}, integrationId: 'int-2' }),
      fallback,
      { ruleId: 'r-other-integration', policyId: 'p-int2', urgency: 'low' },
    ],
    [
      'platform is matched on the sending platform',
      alert({ labels: {}, platform: 'apm' }),
      fallback,
      { ruleId: 'r-apm', policyId: 'p-apm', urgency: 'high' },
    ],
    [
      'a label cannot impersonate the platform: the real field takes precedence',
      alert({ labels: { platform: 'apm' } }),
      fallback,
      { ruleId: null, policyId: 'p-integration', urgency: 'high' },
    ],
    [
      'no rule matches: the integration policy, urgency high',
      alert({ labels: { service: 'web' } }),
      fallback,
      { ruleId: null, policyId: 'p-integration', urgency: 'high' },
    ],
    [
      'no rule and no integration policy: the default',
      alert({ labels: { service: 'web' } }),
      { integrationPolicyId: null, defaultPolicyId: 'p-default' },
      { ruleId: null, policyId: 'p-default', urgency: 'high' },
    ],
    [
      "no rule and no integration policy: the owning team's default before the organization's",
      alert({ labels: { service: 'web' } }),
      { integrationPolicyId: null, teamPolicyId: 'p-team', defaultPolicyId: 'p-default' },
      { ruleId: null, policyId: 'p-team', urgency: 'high' },
    ],
    [
      "the integration's own policy wins over its team's default",
      alert({ labels: { service: 'web' } }),
      { integrationPolicyId: 'p-integration', teamPolicyId: 'p-team', defaultPolicyId: 'p-default' },
      { ruleId: null, policyId: 'p-integration', urgency: 'high' },
    ],
    [
      "a matching rule wins over the team's default",
      alert(),
      { integrationPolicyId: null, teamPolicyId: 'p-team', defaultPolicyId: 'p-default' },
      { ruleId: 'r-db-critical', policyId: 'p-dba', urgency: 'high' },
    ],
    [
      'nothing applies: no policy',
      alert({ labels: { service: 'web' } }),
      { integrationPolicyId: null, defaultPolicyId: null },
      { ruleId: null, policyId: null, urgency: 'high' },
    ],
    [
      'a matching rule wins over the integration policy',
      alert({ labels: { env: 'dev' } }),
      fallback,
      { ruleId: 'r-staging', policyId: 'p-quiet', urgency: 'low' },
    ],
  ])('%s', (_name, input, fallbacks, expected) => {
    expect(router.route(input, fallbacks)).toEqual(expected);
  });

  it('with no rules, falls back at once', () => {
    expect(buildRouter([]).route(alert(), fallback)).toEqual({ ruleId: null, policyId: 'p-integration', urgency: 'high' });
  });

  it('a missing label is the empty string, so a catch-all rule matches everything', () => {
    const catchAll = buildRouter([rule('r-team', 'team!="ops"', 'p-team'), rule('r-all', 'severity=~".*"', 'p-all', 'low')]);
    expect(catchAll.route(alert({ labels: {} }), fallback)).toEqual({ ruleId: 'r-team', policyId: 'p-team', urgency: 'high' });
    expect(catchAll.route(alert({ labels: { team: 'ops' } }), fallback)).toEqual({ ruleId: 'r-all', policyId: 'p-all', urgency: 'low' });
  });

  it('skips a stored rule that no longer compiles, routing nothing through it', () => {
    const broken: RoutingRuleDefinition = {
      id: 'r-broken',
      matchers: [{ name: 'a', operator: '=~', value: '(' }],
      policyId: 'p-x',
      urgency: 'low',
      enabled: true,
    };
    const router = buildRouter([broken, rule('r-ok', 'service="db"', 'p-ok')]);
    expect(router.size).toBe(1);
    expect(router.route(alert(), fallback)).toEqual({ ruleId: 'r-ok', policyId: 'p-ok', urgency: 'high' });
  });

  it('routes an adversarial label through (a+)+$ in linear time, with the right answer', () => {
    // A backtracking engine takes exponential time on a long run of "a" followed by a non-match.
    const adversarial = buildRouter([rule('r-regex', 'payload=~"(a+)+$"', 'p-regex', 'low'), rule('r-next', 'service="db"', 'p-next')]);
    const long = 'a'.repeat(200_000);
    const started = performance.now();
    expect(adversarial.route(alert({ labels: { payload: `${long}!`, service: 'db' } }), fallback)).toEqual({
      ruleId: 'r-next',
      policyId: 'p-next',
      urgency: 'high',
    });
    expect(adversarial.route(alert({ labels: { payload: long } }), fallback)).toEqual({
      ruleId: 'r-regex',
      policyId: 'p-regex',
      urgency: 'low',
    });
    // Linear: well under a second for 200,000 characters; a backtracking engine would not finish.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('routingRuleMatchers', () => {
  it.each([
    ['{service="db", env=~"prod|staging"}', 2],
    ['severity=~".*"', 1],
    [['service=db', 'severity!=info'], 2],
  ] as Array<[string | string[], number]>)('accepts %j', (input, count) => {
    expect(routingRuleMatchers(input)).toHaveLength(count);
  });

  it.each(['', '{}', 'a=~"("', 'a=~"(?<=x)y"', 'no operator'])('refuses %j', (input) => {
    expect(() => routingRuleMatchers(input)).toThrow(MatcherError);
  });
});
