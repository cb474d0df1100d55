import {
  componentStatus,
  hostOf,
  overallStatus,
  STATUS_PAGE_DOMAIN,
  STATUS_PAGE_SLUG,
  type ComponentStatus,
} from '../../../shared/domain/status-page.ts';

const component = (override: ComponentStatus | null = null) => ({
  integrationIds: ['int-a'],
  routingRuleIds: ['rule-a'],
  statusOverride: override,
});
const incident = (severity: 'critical' | 'high' | 'medium' | 'low', integrationId: string | null, routingRuleId: string | null = null) => ({
  severity,
  integrationId,
  routingRuleId,
});

describe('componentStatus', () => {
  it.each<[string, ReturnType<typeof component>, ReturnType<typeof incident>[], boolean, ComponentStatus]>([
    ['no incident: operational', component(), [], false, 'operational'],
    ['a critical incident of its integration: major outage', component(), [incident('critical', 'int-a')], false, 'major_outage'],
    ['a high incident routed by its rule: partial outage', component(), [incident('high', null, 'rule-a')], false, 'partial_outage'],
    ['a medium one: degraded', component(), [incident('medium', 'int-a')], false, 'degraded_performance'],
    ['a low one: degraded', component(), [incident('low', 'int-a')], false, 'degraded_performance'],
    [
      'the worst of several',
      component(),
      [incident('low', 'int-a'), incident('critical', null, 'rule-a'), incident('high', 'int-a')],
      false,
      'major_outage',
    ],
    ['incidents of other integrations and rules: untouched', component(), [incident('critical', 'int-b', 'rule-b')], false, 'operational'],
    ['a maintenance window: under maintenance', component(), [], true, 'under_maintenance'],
    ['an incident during maintenance: the incident', component(), [incident('medium', 'int-a')], true, 'degraded_performance'],
    ['an override wins', component('operational'), [incident('critical', 'int-a')], false, 'operational'],
  ])('%s', (_name, mapping, incidents, maintenance, expected) => {
    expect(componentStatus(mapping, incidents, maintenance)).toBe(expected);
  });
});

describe('overallStatus', () => {
  it.each<[ComponentStatus[], ComponentStatus, string]>([
    [[], 'operational', 'All systems operational'],
    [['operational', 'degraded_performance'], 'degraded_performance', 'Some systems are degraded'],
    [['partial_outage', 'major_outage', 'operational'], 'major_outage', 'Major outage'],
    [['under_maintenance', 'operational'], 'under_maintenance', 'Scheduled maintenance in progress'],
  ])('%j → %s', (statuses, status, text) => {
    expect(overallStatus(statuses)).toEqual({ status, text });
  });
});

describe('slugs, domains and Host headers', () => {
  it.each([
    ['acme', true],
    ['acme-status-2', true],
    ['ab', false],
    ['-acme', false],
    ['acme-', false],
    ['Acme', false],
    ['acme/../x', false],
    ['a'.repeat(64), false],
  ])('slug %s → %s', (slug, valid) => {
    expect(STATUS_PAGE_SLUG.test(slug)).toBe(valid);
  });
  it.each([
    ['status.acme.com', true],
    ['acme.io', true],
    ['localhost', false],
    ['127.0.0.1', false],
    ['status.acme.com:8443', false],
    ['Status.Acme.com', false],
    ['status..acme.com', false],
  ])('domain %s → %s', (domain, valid) => {
    expect(STATUS_PAGE_DOMAIN.test(domain)).toBe(valid);
  });
  it.each([
    ['Status.Acme.com:443', 'status.acme.com'],
    ['status.acme.com.', 'status.acme.com'],
    ['[::1]:3000', '[::1]:3000'],
  ])('Host %s → %s', (header, host) => {
    expect(hostOf(header)).toBe(host);
  });
});
