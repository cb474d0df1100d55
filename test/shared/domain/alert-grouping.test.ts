import {
  announceJoinedAlerts,
  chooseGrouping,
  groupKey,
  groupLabels,
  pageAfter,
  pageDelayMs,
  type GroupingSettings,
} from '../../../shared/domain/alert-grouping.ts';
import { parseMatchers } from '../../../shared/domain/matchers.ts';
import { buildRouter, type RoutingRuleDefinition } from '../../../shared/domain/routing.ts';

const settings = (groupBy: string[]): GroupingSettings => ({ group_by: groupBy, group_wait_seconds: 30, group_interval_seconds: 300 });

// Cases carried over from Alertmanager's own tests: prometheus/alertmanager
// dispatch/dispatch_test.go at v0.31.1 (commit 7a639ba087d6e877038cabfdaa645230f79001b8),
// TestGroupLabels, TestGroupByAllLabels and TestGroups.
describe('groupLabels (Alertmanager dispatch_test.go)', () => {
  it.each([
    ['TestGroupLabels: only the group_by labels', { a: 'v1', b: 'v2', c: 'v3' }, ['a', 'b'], { a: 'v1', b: 'v2' }],
    ['TestGroupByAllLabels: `...` takes every label', { a: 'v1', b: 'v2', c: 'v3' }, ['...'], { a: 'v1', b: 'v2', c: 'v3' }],
    ['a group_by label the alert lacks is left out', { a: 'v1' }, ['a', 'cluster'], { a: 'v1' }],
    ['no group_by labels at all: one group for everything', { a: 'v1' }, [], {}],
  ])('%s', (_name, labels, groupBy, expected) => {
    expect(groupLabels(labels, groupBy)).toEqual(expected);
  });

  it('writes the group key as Alertmanager does, sorted, so equal labels in one scope share a group', () => {
    expect(groupKey('rule:r1', { service: 'api', alertname: 'HighErrorRate', cluster: 'aa' })).toBe(
      'rule:r1:{alertname="HighErrorRate", cluster="aa", service="api"}',
    );
    expect(groupKey('rule:r1', { b: '2', a: '1' })).toBe(groupKey('rule:r1', { a: '1', b: '2' }));
    expect(groupKey('rule:r1', { a: '1' })).not.toBe(groupKey('integration:r1', { a: '1' }));
    // A quote inside a value cannot forge another label.
    expect(groupKey('s', { a: '1", b="2' })).not.toBe(groupKey('s', { a: '1', b: '2' }));
  });

  // TestGroups: a parent route grouping by alertname and child routes with their own group_by. In
  // Tocsin the first matching rule wins (Alertmanager's `continue: true` has no counterpart), and an
  // alert no rule matches takes its integration's grouping (the parent route).
  it('TestGroups: six alerts make the groups Alertmanager makes, first matching rule winning', () => {
    const rules: RoutingRuleDefinition[] = [
      {
        id: 'testing',
        matchers: parseMatchers('env="testing"'),
        policyId: 'p',
        urgency: 'high',
        enabled: true,
        grouping: settings(['alertname', 'service']),
      },
      {
        id: 'prod',
        matchers: parseMatchers('env="prod"'),
        policyId: 'p',
        urgency: 'high',
        enabled: true,
        grouping: settings(['alertname', 'service', 'cluster']),
      },
      {
        id: 'kafka',
        matchers: parseMatchers('kafka="yes"'),
        policyId: 'p',
        urgency: 'high',
        enabled: true,
        grouping: settings(['alertname', 'service', 'cluster']),
      },
    ];
    const router = buildRouter(rules);
    const integration = { id: 'int', grouping: settings(['alertname']) };
    const keyOf = (labels: Record<string, string>) => {
      const decision = router.route(
        { labels, severity: 'high', platform: 'metrics_alerts', integrationId: 'int' },
        { integrationPolicyId: null, defaultPolicyId: null },
      );
      const choice = chooseGrouping(decision.ruleId ? { id: decision.ruleId, grouping: decision.grouping ?? null } : null, integration);
      return choice ? groupKey(choice.scope, groupLabels(labels, choice.settings.group_by)) : null;
    };
    const inputs: Array<Record<string, string>> = [
      { alertname: 'OtherAlert', cluster: 'cc', service: 'dd' },
      { env: 'testing', alertname: 'TestingAlert', service: 'api', instance: 'inst1' },
      { env: 'prod', alertname: 'HighErrorRate', cluster: 'aa', service: 'api', instance: 'inst1' },
      { env: 'prod', alertname: 'HighErrorRate', cluster: 'aa', service: 'api', instance: 'inst2' },
      { env: 'prod', alertname: 'HighErrorRate', cluster: 'bb', service: 'api', instance: 'inst1' },
      { env: 'prod', alertname: 'HighLatency', cluster: 'bb', service: 'db', kafka: 'yes', instance: 'inst3' },
    ];
    expect(inputs.map(keyOf)).toEqual([
      'integration:int:{alertname="OtherAlert"}',
      'rule:testing:{alertname="TestingAlert", service="api"}',
      'rule:prod:{alertname="HighErrorRate", cluster="aa", service="api"}',
      'rule:prod:{alertname="HighErrorRate", cluster="aa", service="api"}',
      'rule:prod:{alertname="HighErrorRate", cluster="bb", service="api"}',
      'rule:prod:{alertname="HighLatency", cluster="bb", service="db"}',
    ]);
  });
});

describe('chooseGrouping', () => {
  const ruleGrouping = settings(['cluster']);
  const integrationGrouping = settings(['service']);
  it.each([
    ['the rule has grouping', { id: 'r', grouping: ruleGrouping }, integrationGrouping, { settings: ruleGrouping, scope: 'rule:r' }],
    [
      'the rule has none: the integration',
      { id: 'r', grouping: null },
      integrationGrouping,
      { settings: integrationGrouping, scope: 'integration:i' },
    ],
    ['no rule matched: the integration', null, integrationGrouping, { settings: integrationGrouping, scope: 'integration:i' }],
    ['neither groups', { id: 'r', grouping: null }, null, null],
  ])('%s', (_name, rule, integration, expected) => {
    expect(chooseGrouping(rule, { id: 'i', grouping: integration })).toEqual(expected);
  });
});

describe('group_wait and group_interval', () => {
  const at = new Date('2026-12-31T08:00:00Z');
  it('pages group_wait after the first alert, and delays the page by what is left of it', () => {
    expect(pageAfter(at, settings(['a'])).toISOString()).toBe('2026-12-31T08:00:30.000Z');
    expect(pageDelayMs('2026-12-31T08:00:30.000Z', at)).toBe(30_000);
    expect(pageDelayMs(new Date('2026-12-31T08:00:30Z'), new Date('2026-12-31T08:00:40Z'))).toBe(0);
    expect(pageDelayMs(null, at)).toBe(0);
  });
  it.each([
    [0, false],
    [299, false],
    [300, true],
    [3600, true],
  ])('announces joined alerts %i s after the last announcement: %s', (seconds, expected) => {
    expect(announceJoinedAlerts(at, 300, new Date(at.getTime() + seconds * 1000))).toBe(expected);
  });
});
