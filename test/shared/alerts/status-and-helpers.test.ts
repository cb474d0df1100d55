import type { AlertStatus, Platform } from '../../../shared/domain/alert.ts';
import { parseAlertPayload } from '../../../shared/alerts/parsers/index.ts';
import { hostFromInstance, parseTags, toIsoTime } from '../../../shared/alerts/parsers/common.ts';

const statusOf = (platform: Platform, body: unknown): AlertStatus => parseAlertPayload(platform, body)[0].status;
const infra = (fields: Record<string, unknown>) => ({ alert_name: 'CPU high', alert_type: 'error', ...fields });
const am = (status: string | undefined, top?: string) => ({
  status: top,
  alerts: [{ status, labels: { alertname: 'Up', severity: 'info' } }],
});

describe('resolved handling', () => {
  it.each<[Platform, string, AlertStatus, unknown]>([
    ['infra_monitor', 'alert_status triggered', 'firing', infra({ alert_status: 'triggered' })],
    ['infra_monitor', 'alert_status recovered', 'resolved', infra({ alert_status: 'recovered' })],
    ['infra_monitor', 'alert_status Recovered', 'resolved', infra({ alert_status: 'Recovered' })],
    ['infra_monitor', 'alert_status resolved', 'resolved', infra({ alert_status: 'resolved' })],
    ['infra_monitor', 'alert_status ok', 'resolved', infra({ alert_status: 'ok' })],
    ['infra_monitor', 'alert_transition Recovered', 'resolved', infra({ alert_transition: 'Recovered' })],
    ['infra_monitor', 'alert_transition Re-Triggered', 'firing', infra({ alert_transition: 'Re-Triggered' })],
    ['infra_monitor', 'alert_type success', 'resolved', infra({ alert_type: 'success' })],
    ['apm', 'OPEN', 'firing', { title: 'x', priority: 'LOW', state: 'OPEN' }],
    ['apm', 'ACTIVATED', 'firing', { title: 'x', priority: 'LOW', state: 'ACTIVATED' }],
    ['apm', 'ACKNOWLEDGED', 'firing', { title: 'x', priority: 'LOW', state: 'ACKNOWLEDGED' }],
    ['apm', 'CLOSED', 'resolved', { title: 'x', priority: 'LOW', state: 'CLOSED' }],
    ['apm', 'legacy closed', 'resolved', { condition_name: 'x', severity: 'INFO', current_state: 'closed' }],
    [
      'pager',
      'incident.acknowledged',
      'firing',
      { messages: [{ event: 'incident.acknowledged', incident: { title: 'x', urgency: 'low', status: 'acknowledged' } }] },
    ],
    ['pager', 'v2 incident.resolve', 'resolved', { messages: [{ event: 'incident.resolve', incident: { title: 'x', urgency: 'low' } }] }],
    [
      'pager',
      'annotated but resolved',
      'resolved',
      { messages: [{ event: 'incident.annotated', incident: { title: 'x', urgency: 'low', status: 'resolved' } }] },
    ],
    ['pager', 'single message body', 'resolved', { event: 'incident.resolved', incident: { title: 'x', urgency: 'low' } }],
    ['dashboards', 'legacy ok', 'resolved', { ruleName: 'Load', state: 'ok' }],
    ['dashboards', 'legacy alerting', 'firing', { ruleName: 'Load', state: 'alerting' }],
    ['metrics_alerts', 'firing', 'firing', am('firing')],
    ['metrics_alerts', 'resolved', 'resolved', am('resolved')],
    ['metrics_alerts', 'group status when the alert has none', 'resolved', am(undefined, 'resolved')],
    ['search_logs', 'status resolved', 'resolved', { title: 'x', severity: 'low', status: 'resolved' }],
    ['search_logs', 'Kibana query matched', 'firing', { rule: { name: 'x' }, alert: { actionGroup: 'query matched' }, severity: 'low' }],
  ])('%s %s → %s', (platform, _case, expected, body) => {
    expect(statusOf(platform, body)).toBe(expected);
  });
});

describe('hostFromInstance', () => {
  it.each<[string | undefined, string | null]>([
    ['node-1.internal:9100', 'node-1.internal'],
    ['10.0.0.5:9100', '10.0.0.5'],
    ['[::1]:9100', '::1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['fe80::1', 'fe80::1'],
    ['db-primary', 'db-primary'],
    ['https://shop.example.com:443/health', 'shop.example.com'],
    ['http://user:pw@[::1]:8080/', '::1'],
    ['', null],
    [undefined, null],
  ])('%s → %s', (instance, host) => {
    expect(hostFromInstance(instance)).toBe(host);
  });
});

describe('parseTags', () => {
  it.each<[unknown, Record<string, string>]>([
    [['env:prod', 'service:api'], { env: 'prod', service: 'api' }],
    ['env:prod,service:api', { env: 'prod', service: 'api' }],
    [' env:prod , service : api ,, ', { env: 'prod', service: 'api' }],
    [['url:https://x.example/a:b'], { url: 'https://x.example/a:b' }],
    [['canary', 'role:web', 'role:db', 'role:web'], { canary: '', role: 'web,db' }],
    [[':orphan', 42, null], { 42: '' }],
    [undefined, {}],
    [{ env: 'prod' }, {}],
  ])('%j → %j', (tags, labels) => {
    expect(parseTags(tags)).toEqual(labels);
  });

  it('treats infra_monitor tags alike as an array or a comma string', () => {
    const parse = (tags: unknown) => parseAlertPayload('infra_monitor', { title: 't', alert_type: 'info', tags })[0].labels;
    expect(parse('env:prod, team:core')).toEqual(parse(['env:prod', 'team:core']));
  });
});

describe('toIsoTime', () => {
  it.each<[unknown, string | null]>([
    [1795255200000, '2026-11-21T10:00:00.000Z'],
    [1795255200, '2026-11-21T10:00:00.000Z'],
    ['1795255200000', '2026-11-21T10:00:00.000Z'],
    ['2026-11-21T12:00:00+02:00', '2026-11-21T10:00:00.000Z'],
    ['0001-01-01T00:00:00Z', null],
    ['yesterday', null],
    [null, null],
  ])('%j → %s', (value, iso) => {
    expect(toIsoTime(value)).toBe(iso);
  });
});

describe('sender-chosen keys', () => {
  it('keeps prototype names as plain labels and never as table entries', () => {
    const [alert] = parseAlertPayload('infra_monitor', {
      title: 't',
      severity: 'constructor',
      alert_type: 'toString',
      tags: ['constructor:x', '__proto__:y', 'toString'],
    });
    expect(alert.severity).toBe('medium');
    expect(Object.entries(alert.labels)).toEqual([
      ['constructor', 'x'],
      ['__proto__', 'y'],
      ['toString', ''],
    ]);
    expect(Object.getPrototypeOf(alert.labels)).toBe(Object.prototype);
  });

  it('reads an unknown legacy dashboards state as firing', () => {
    expect(parseAlertPayload('dashboards', { ruleName: 'Load', state: 'constructor' })[0]).toMatchObject({
      status: 'firing',
      severity: 'medium',
    });
  });

  it('keeps a __proto__ label of an alert manager payload as data', () => {
    const body = JSON.parse('{"alerts":[{"labels":{"alertname":"Up","severity":"info","__proto__":"x"}}]}');
    expect(Object.hasOwn(parseAlertPayload('metrics_alerts', body)[0].labels, '__proto__')).toBe(true);
  });
});
