import type { Platform } from '../../../shared/domain/alert.ts';
import { parseAlertPayload } from '../../../shared/alerts/parsers/index.ts';
import { AlertPayloadError } from '../../../shared/alerts/payload-error.ts';
import { PLATFORMS } from '../../../shared/domain/alert.ts';

function fieldOf(platform: Platform, body: unknown): string {
  try {
    parseAlertPayload(platform, body);
  } catch (error) {
    expect(error).toBeInstanceOf(AlertPayloadError);
    const { field, message } = error as AlertPayloadError;
    expect(message).toContain(field);
    return field;
  }
  throw new Error('expected an AlertPayloadError');
}

const firing = { status: 'firing', labels: { alertname: 'Up', severity: 'critical' }, annotations: {} };

describe('AlertPayloadError', () => {
  it.each(PLATFORMS.flatMap((platform) => [null, 'text', 42, [], ['a']].map((body) => [platform, body] as const)))(
    '%s rejects a %j body as `body`',
    (platform, body) => {
      expect(fieldOf(platform, body)).toBe('body');
    },
  );

  it.each<[Platform, unknown, string]>([
    ['infra_monitor', { alert_type: 'error' }, 'alert_name'],
    ['infra_monitor', { title: 'Disk full' }, 'severity'],
    ['infra_monitor', { alert_name: '   ', alert_type: 'error' }, 'alert_name'],
    ['apm', { issueId: 'i-1', priority: 'HIGH' }, 'title'],
    ['apm', { issueId: 'i-1', title: ['Apdex low'] }, 'priority'],
    ['apm', { title: [], priority: 'HIGH' }, 'title'],
    ['pager', {}, 'messages'],
    ['pager', { messages: [] }, 'messages'],
    ['pager', { messages: 'incident.triggered' }, 'messages'],
    ['pager', { messages: [{ event: 'incident.triggered' }] }, 'messages[0].incident'],
    [
      'pager',
      { messages: [{ incident: { title: 'Down', urgency: 'high' } }, { incident: { urgency: 'low' } }] },
      'messages[1].incident.title',
    ],
    ['pager', { messages: [{ incident: { title: 'Down' } }] }, 'messages[0].incident.urgency'],
    ['pager', { event: { event_type: 'incident.triggered', data: { title: 'Down' } } }, 'event.data.urgency'],
    ['pager', { event: { event_type: 'incident.triggered' } }, 'event.data'],
    ['dashboards', { state: 'alerting' }, 'ruleName'],
    ['dashboards', { ruleName: 'Load' }, 'state'],
    ['dashboards', { alerts: [{ labels: {}, annotations: {} }] }, 'alerts[0].labels.alertname'],
    ['search_logs', { severity: 'high' }, 'title'],
    ['search_logs', { rule: { id: 'r', name: 'Errors' }, alert: { id: 'a' } }, 'severity'],
    ['observability', { alerts: [{ labels: { alertname: 'Up' } }] }, 'alerts[0].labels.severity'],
    ['metrics_alerts', {}, 'alerts'],
    ['metrics_alerts', { alerts: {} }, 'alerts'],
    ['metrics_alerts', { alerts: [] }, 'alerts'],
    ['metrics_alerts', { alerts: [firing, 'not an alert'] }, 'alerts[1]'],
    ['metrics_alerts', { alerts: [firing, { labels: { severity: 'critical' } }] }, 'alerts[1].labels.alertname'],
    ['metrics_alerts', { alerts: [firing, { labels: { alertname: 'Up' }, annotations: { summary: 'Up' } }] }, 'alerts[1].labels.severity'],
  ])('%s %j → %s', (platform, body, field) => {
    expect(fieldOf(platform, body)).toBe(field);
  });

  it('reads a missing field as required and a wrong type as invalid', () => {
    expect(() => parseAlertPayload('metrics_alerts', {})).toThrow('Invalid alert payload: alerts is required');
    expect(() => parseAlertPayload('metrics_alerts', { alerts: 'x' })).toThrow(/alerts is invalid \(expected array/);
    expect(() => parseAlertPayload('apm', { priority: 'HIGH' })).toThrow('title is required (or conditionName)');
  });
});
