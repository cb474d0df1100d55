import type { Platform, Severity } from '../../../shared/domain/alert.ts';
import { parseAlertPayload } from '../../../shared/alerts/parsers/index.ts';

const severityOf = (platform: Platform, body: unknown): Severity => parseAlertPayload(platform, body)[0].severity;

const infra = (fields: Record<string, unknown>) => ({ alert_name: 'CPU high', ...fields });
const pager = (incident: Record<string, unknown>) => ({
  messages: [{ event: 'incident.triggered', incident: { id: 'P1', title: 'Down', ...incident } }],
});
const alertmanager = (labels: Record<string, string>) => ({
  alerts: [{ status: 'firing', labels: { alertname: 'Up', ...labels }, annotations: {} }],
});

describe('spec severity table', () => {
  it.each<[Platform, string, Severity, unknown]>([
    ['infra_monitor', 'alert_type error', 'critical', infra({ alert_type: 'error' })],
    ['infra_monitor', 'alert_type alert', 'critical', infra({ alert_type: 'alert' })],
    ['infra_monitor', 'alert_type warning', 'medium', infra({ alert_type: 'warning' })],
    ['infra_monitor', 'alert_type info', 'low', infra({ alert_type: 'info' })],
    ['pager', 'urgency critical', 'critical', pager({ urgency: 'critical' })],
    ['pager', 'urgency high', 'high', pager({ urgency: 'high' })],
    ['pager', 'urgency low', 'low', pager({ urgency: 'low' })],
    ['dashboards', 'state alerting', 'high', { ruleName: 'Load', state: 'alerting' }],
    ['metrics_alerts', 'severity critical', 'critical', alertmanager({ severity: 'critical' })],
    ['metrics_alerts', 'severity page', 'critical', alertmanager({ severity: 'page' })],
    ['metrics_alerts', 'severity warning', 'high', alertmanager({ severity: 'warning' })],
    ['metrics_alerts', 'severity ticket', 'medium', alertmanager({ severity: 'ticket' })],
    ['metrics_alerts', 'severity info', 'low', alertmanager({ severity: 'info' })],
  ])('%s %s → %s', (platform, _row, expected, body) => {
    expect(severityOf(platform, body)).toBe(expected);
  });
});

describe('severities beyond the spec table', () => {
  it.each<[Platform, string, Severity, unknown]>([
    ['infra_monitor', 'explicit severity wins over alert_type', 'low', infra({ severity: 'low', alert_type: 'error' })],
    ['infra_monitor', 'explicit P2 severity', 'high', infra({ severity: 'P2', alert_type: 'warning' })],
    ['infra_monitor', 'explicit severity in the alert_type vocabulary', 'medium', infra({ severity: 'warning' })],
    ['infra_monitor', 'unknown severity falls back to alert_type', 'low', infra({ severity: 'whatever', alert_type: 'info' })],
    ['infra_monitor', 'priority alone', 'critical', infra({ priority: 'P1' })],
    ['infra_monitor', 'event priority normal is not urgency', 'critical', infra({ priority: 'normal', alert_type: 'error' })],
    ['infra_monitor', 'present but unrecognised', 'medium', infra({ alert_type: 'user_update' })],
    ['apm', 'CRITICAL', 'critical', { title: 'x', priority: 'CRITICAL' }],
    ['apm', 'HIGH', 'high', { title: 'x', priority: 'HIGH' }],
    ['apm', 'MEDIUM', 'medium', { title: 'x', priority: 'MEDIUM' }],
    ['apm', 'LOW', 'low', { title: 'x', priority: 'LOW' }],
    ['apm', 'legacy WARNING', 'high', { condition_name: 'x', severity: 'WARNING' }],
    ['apm', 'legacy INFO', 'low', { condition_name: 'x', severity: 'INFO' }],
    ['pager', 'priority P1 over urgency high', 'critical', pager({ urgency: 'high', priority: { summary: 'P1' } })],
    ['pager', 'priority P3 over urgency high', 'medium', pager({ urgency: 'high', priority: { summary: 'P3' } })],
    ['pager', 'null priority', 'low', pager({ urgency: 'low', priority: null })],
    ['dashboards', 'legacy no_data', 'medium', { ruleName: 'Load', state: 'no_data' }],
    ['dashboards', 'legacy pending', 'low', { ruleName: 'Load', state: 'pending' }],
    ['dashboards', 'legacy severity tag', 'critical', { ruleName: 'Load', state: 'alerting', tags: { severity: 'critical' } }],
    ['dashboards', 'unified severity label', 'high', alertmanager({ severity: 'warning' })],
    ['dashboards', 'unified without severity label', 'high', alertmanager({})],
    ['observability', 'SigNoz warning', 'high', alertmanager({ severity: 'warning' })],
    ['observability', 'SigNoz error', 'high', alertmanager({ severity: 'error' })],
    ['metrics_alerts', 'kube-prometheus none', 'low', alertmanager({ severity: 'none' })],
    ['metrics_alerts', 'priority label', 'critical', alertmanager({ priority: 'P1' })],
    ['search_logs', 'flat severity', 'critical', { title: 'x', severity: 'CRITICAL' }],
    ['search_logs', 'flat priority', 'low', { title: 'x', priority: 'p4' }],
    ['search_logs', 'watch metadata', 'high', { watch_id: 'w', metadata: { severity: 'sev-2' } }],
  ])('%s %s → %s', (platform, _case, expected, body) => {
    expect(severityOf(platform, body)).toBe(expected);
  });
});
