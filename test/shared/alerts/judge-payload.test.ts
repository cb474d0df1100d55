import { judgeAlertPayload } from '../../../shared/alerts/parsers/index.ts';
import { AlertPayloadError } from '../../../shared/alerts/payload-error.ts';
import type { Platform } from '../../../shared/domain/alert.ts';
import { loadPayload } from './load-payload.ts';

const firing = { status: 'firing', labels: { alertname: 'Up', severity: 'critical' }, annotations: {} };
const message = (incident: Record<string, unknown>) => ({ event: 'incident.triggered', incident });

/** A real multi-alert payload with its alert at `index` changed by `edit`. */
function withAlert(platform: Platform, fixture: string, index: number, edit: (alert: Record<string, unknown>) => unknown): unknown {
  const body = loadPayload(platform, fixture) as { alerts: Array<Record<string, unknown>> };
  body.alerts[index] = edit(body.alerts[index] as Record<string, unknown>) as Record<string, unknown>;
  return body;
}
const dropLabel = (name: string) => (alert: Record<string, unknown>) => {
  const labels = { ...(alert.labels as Record<string, string>) };
  delete labels[name];
  return { ...alert, labels };
};

describe('judgeAlertPayload: each alert is judged alone', () => {
  it.each<[string, Platform, unknown, number[], Array<{ index: number; field: string; reason: string }>]>([
    [
      'Alertmanager payload, second alert without a severity',
      'metrics_alerts',
      withAlert('metrics_alerts', 'alertmanager-firing', 1, dropLabel('severity')),
      [0, 2, 3],
      [{ index: 1, field: 'alerts[1].labels.severity', reason: 'alerts[1].labels.severity is required' }],
    ],
    [
      'Alertmanager payload, first alert without a title',
      'metrics_alerts',
      withAlert('metrics_alerts', 'alertmanager-firing', 0, (alert) => ({ ...dropLabel('alertname')(alert), annotations: {} })),
      [1, 2, 3],
      [
        {
          index: 0,
          field: 'alerts[0].labels.alertname',
          reason: 'alerts[0].labels.alertname is required (or alerts[0].annotations.summary)',
        },
      ],
    ],
    [
      'alerts that are not objects, among valid ones',
      'metrics_alerts',
      { alerts: [firing, 'not an alert', null, firing] },
      [0, 3],
      [
        { index: 1, field: 'alerts[1]', reason: 'alerts[1] must be a JSON object' },
        { index: 2, field: 'alerts[2]', reason: 'alerts[2] must be a JSON object' },
      ],
    ],
    [
      'SigNoz-like body, one alert without a severity',
      'observability',
      { alerts: [{ labels: { alertname: 'Up' } }, firing] },
      [1],
      [{ index: 0, field: 'alerts[0].labels.severity', reason: 'alerts[0].labels.severity is required' }],
    ],
    [
      'Grafana unified body, one alert without a name',
      'dashboards',
      {
        alerts: [
          { labels: {}, annotations: {} },
          { labels: { alertname: 'Disk' }, annotations: {} },
        ],
      },
      [1],
      [
        {
          index: 0,
          field: 'alerts[0].labels.alertname',
          reason: 'alerts[0].labels.alertname is required (or alerts[0].annotations.summary)',
        },
      ],
    ],
    [
      'pager v2 messages, one without an urgency, one without an incident',
      'pager',
      { messages: [message({ title: 'Down', urgency: 'high' }), message({ title: 'Slow' }), { event: 'incident.triggered' }] },
      [0],
      [
        {
          index: 1,
          field: 'messages[1].incident.urgency',
          reason: 'messages[1].incident.urgency is required (or messages[1].incident.priority)',
        },
        { index: 2, field: 'messages[2].incident', reason: 'messages[2].incident is required' },
      ],
    ],
    [
      'a single-alert body without a severity',
      'infra_monitor',
      { title: 'Disk full' },
      [],
      [{ index: 0, field: 'severity', reason: 'severity is required (or alert_type)' }],
    ],
    ['a valid single-alert body', 'apm', loadPayload('apm', 'workflow-activated'), [0], []],
    ['a valid multi-alert body', 'metrics_alerts', loadPayload('metrics_alerts', 'alertmanager-firing'), [0, 1, 2, 3], []],
  ])('%s', (_name, platform, body, acceptedIndexes, rejected) => {
    const judged = judgeAlertPayload(platform, body);
    expect(judged.accepted.map((entry) => entry.index)).toEqual(acceptedIndexes);
    expect(judged.rejected).toEqual(rejected);
  });

  it('keeps each accepted alert as parsed alone, with its own element as raw', () => {
    const body = withAlert('metrics_alerts', 'alertmanager-firing', 0, dropLabel('severity')) as { alerts: unknown[] };
    const [kept] = judgeAlertPayload('metrics_alerts', body).accepted;
    expect(kept).toMatchObject({ index: 1, alert: { title: expect.any(String), severity: 'high', raw: body.alerts[1] } });
  });

  it.each<[Platform, unknown, string]>([
    ['metrics_alerts', {}, 'alerts'],
    ['metrics_alerts', { alerts: [] }, 'alerts'],
    ['pager', { messages: [] }, 'messages'],
    ['infra_monitor', 'text', 'body'],
    ['apm', null, 'body'],
  ])('%s %j: a body that is no payload at all still throws, naming %s', (platform, body, field) => {
    expect(() => judgeAlertPayload(platform, body)).toThrow(AlertPayloadError);
    expect(() => judgeAlertPayload(platform, body)).toThrow(`${field} `);
  });
});
