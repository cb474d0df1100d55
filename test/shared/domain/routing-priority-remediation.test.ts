import { parseMatchers } from '../../../shared/domain/matchers.ts';
import type { Priority } from '../../../shared/domain/priority.ts';
import { buildRouter, type RoutedAlert, type RoutingDecision, type RoutingRuleDefinition } from '../../../shared/domain/routing.ts';

const runbook = { procedureId: 'proc-failover', autoApprove: false, resolves: true };

const rules: RoutingRuleDefinition[] = [
  { id: 'r-disabled-p1', matchers: parseMatchers('service="db"'), policyId: 'p-never', urgency: 'high', enabled: false, priority: 'P1' },
  {
    id: 'r-db-critical',
    matchers: parseMatchers('{service="db", severity="critical"}'),
    policyId: 'p-dba',
    urgency: 'high',
    enabled: true,
    priority: 'P1',
    remediation: runbook,
  },
  { id: 'r-db-any', matchers: parseMatchers('service="db"'), policyId: 'p-dba', urgency: 'low', enabled: true, priority: 'P3' },
  { id: 'r-web', matchers: parseMatchers('service="web"'), policyId: 'p-web', urgency: 'high', enabled: true, priority: null },
];

const alert = (labels: Record<string, string>, severity = 'critical'): RoutedAlert => ({
  labels,
  severity,
  platform: 'metrics_alerts',
  integrationId: 'int-1',
});

const fallback = { integrationPolicyId: 'p-integration', defaultPolicyId: null };

describe('priority and runbook from routing rules', () => {
  const router = buildRouter(rules);

  it.each<[string, RoutedAlert, Pick<RoutingDecision, 'ruleId'> & { priority: Priority | null; procedureId: string | null }]>([
    [
      'the matching rule gives its priority and runbook',
      alert({ service: 'db' }),
      { ruleId: 'r-db-critical', priority: 'P1', procedureId: 'proc-failover' },
    ],
    [
      'a later rule gives its own priority and no runbook',
      alert({ service: 'db' }, 'low'),
      { ruleId: 'r-db-any', priority: 'P3', procedureId: null },
    ],
    ['a rule without a priority gives none', alert({ service: 'web' }), { ruleId: 'r-web', priority: null, procedureId: null }],
    ['no rule matching: no priority, no runbook', alert({ service: 'cache' }), { ruleId: null, priority: null, procedureId: null }],
  ])('%s', (_name, routed, expected) => {
    const decision = router.route(routed, fallback);
    expect({
      ruleId: decision.ruleId,
      priority: decision.priority ?? null,
      procedureId: decision.remediation?.procedureId ?? null,
    }).toEqual(expected);
  });

  it('carries whether the runbook is auto-approved and resolves the incident', () => {
    expect(router.route(alert({ service: 'db' }), fallback).remediation).toEqual(runbook);
  });

  it('a disabled rule gives neither priority nor runbook', () => {
    const only = buildRouter([rules[0] as RoutingRuleDefinition]);
    expect(only.route(alert({ service: 'db' }), fallback)).toEqual({ ruleId: null, policyId: 'p-integration', urgency: 'high' });
  });
});
