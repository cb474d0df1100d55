import { createHash } from 'node:crypto';
import { normalizedAlertSchema } from '../../../shared/domain/alert.ts';
import type { NormalizedAlert, Platform } from '../../../shared/domain/alert.ts';
import { parseAlertPayload } from '../../../shared/alerts/parsers/index.ts';
import { loadPayload } from './load-payload.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

type Expected = Partial<Omit<NormalizedAlert, 'labels' | 'links'>> & { labels?: Record<string, string>; links?: Record<string, string> };

// Each vendor's documented body shapes, with the fields a reviewer would check by eye.
const cases: Array<[Platform, string, Expected[]]> = [
  [
    'infra_monitor',
    'full-triggered',
    [
      {
        externalId: '7391028837465529110',
        dedupKey: '8c4f2e1a9b7d6c5e3f2a1b0c9d8e7f6a',
        title: '[P1] Disk usage above 95% on db-primary-01',
        severity: 'critical',
        status: 'firing',
        description: 'Disk `/var/lib/postgresql` is 96.4% full on **db-primary-01**.\n@ops-oncall',
        host: 'db-primary-01',
        service: 'orders-db',
        occurredAt: '2026-11-21T10:00:00.000Z',
        labels: { env: 'production', team: 'storage', device: '/dev/nvme1n1', role: 'db,primary', monitor_id: '148203771' },
        links: {
          snapshot_url: 'https://p.datadoghq.example/snapshot/view/dd-snapshots-prod/org_4421/2026-11-21/7f1c2b.png',
          source_url: 'https://app.datadoghq.example/event/event?id=7391028837465529110',
        },
      },
    ],
  ],
  ['infra_monitor', 'full-recovered', [{ status: 'resolved', severity: 'low', dedupKey: '8c4f2e1a9b7d6c5e3f2a1b0c9d8e7f6a' }]],
  [
    'infra_monitor',
    'simplified',
    [
      {
        externalId: null,
        dedupKey: sha256('Alert Triggered: Checkout latency p99 > 2s|infra_monitor|'),
        severity: 'medium',
        status: 'firing',
        service: 'checkout',
        host: null,
        description: 'Click [here](https://logs.example.com/results/982) for more details',
        labels: { env: 'staging', service: 'checkout', region: 'eu-west-1', canary: '', source_type_name: 'LogInsight' },
      },
    ],
  ],
  [
    'apm',
    'workflow-activated',
    [
      {
        externalId: '0ea2df1c-bb6a-4f5e-9d2a-6c1f2b8e4a71',
        dedupKey: '0ea2df1c-bb6a-4f5e-9d2a-6c1f2b8e4a71',
        title: "Apdex < 0.7 for at least 5 minutes on 'checkout-api'",
        severity: 'critical',
        status: 'firing',
        service: 'checkout-api',
        occurredAt: '2026-11-21T10:00:00.123Z',
        labels: { policy: 'Checkout golden signals', condition: 'Apdex low', state: 'ACTIVATED' },
        links: {
          runbook_url: 'https://wiki.example.com/runbooks/checkout-apdex',
          snapshot_url: 'https://gorgon.nr-assets.example/image/7d2f3a?config.legend.enabled=false',
        },
      },
    ],
  ],
  [
    'apm',
    'workflow-closed',
    [
      {
        status: 'resolved',
        severity: 'high',
        occurredAt: '2026-11-21T10:59:59.000Z',
        labels: { policy: 'Checkout golden signals', condition: 'Apdex low', state: 'CLOSED' },
      },
    ],
  ],
  [
    'apm',
    'legacy-channel',
    [
      {
        externalId: '93001122',
        title: 'Error percentage > 5%',
        severity: 'high',
        status: 'firing',
        service: 'payments-worker',
        links: { source_url: 'https://alerts.newrelic.example/accounts/2837465/incidents/93001122' },
      },
    ],
  ],
  [
    'pager',
    'v2-messages',
    [
      {
        externalId: 'PIJ90N7',
        dedupKey: 'PIJ90N7',
        title: 'Checkout API 5xx rate above 10%',
        severity: 'high',
        status: 'firing',
        service: 'Checkout API',
        occurredAt: '2026-11-21T10:00:05.000Z',
        labels: { incident_number: '2241', service_id: 'PSVC123' },
        links: { source_url: 'https://acme.pagerduty.example/incidents/PIJ90N7' },
      },
      { externalId: 'PQ81ZX2', severity: 'low', status: 'resolved', service: 'Batch jobs' },
    ],
  ],
  [
    'pager',
    'v3-triggered',
    [
      {
        externalId: 'Q2PJ9X0ABCDE1F',
        title: 'Payment provider timeouts',
        severity: 'critical',
        status: 'firing',
        service: 'Checkout API',
        labels: { priority: 'P1', urgency: 'high', incident_number: '2242' },
      },
    ],
  ],
  [
    'pager',
    'v3-resolved',
    [{ externalId: 'Q2PJ9X0ABCDE1F', severity: 'high', status: 'resolved', occurredAt: '2026-11-21T10:30:00.000Z' }],
  ],
  [
    'dashboards',
    'unified-firing',
    [
      {
        externalId: 'c6eadffa33fcdf37',
        dedupKey: 'c6eadffa33fcdf37',
        title: 'Memory usage above 90% on web-03',
        severity: 'critical',
        status: 'firing',
        host: 'web-03.internal',
        occurredAt: '2026-11-21T09:51:03.157Z',
        links: { runbook_url: 'https://wiki.example.com/runbooks/memory', dashboard_url: 'https://grafana.example.com/d/node-exporter' },
      },
      {
        externalId: 'bc97ff14869b13e3',
        title: 'High CPU usage',
        severity: 'high',
        status: 'firing',
        links: { snapshot_url: 'https://grafana.example.com/render/d-solo/abc.png' },
      },
    ],
  ],
  ['dashboards', 'unified-resolved', [{ dedupKey: 'bc97ff14869b13e3', status: 'resolved', occurredAt: '2026-11-21T10:21:03.000Z' }]],
  [
    'dashboards',
    'legacy-alerting',
    [
      {
        externalId: '31',
        title: 'Worker load average',
        severity: 'high',
        status: 'firing',
        host: '10.0.4.17',
        service: 'batch-workers',
        description: 'Load average is too high on a worker node.',
      },
    ],
  ],
  ['dashboards', 'legacy-ok', [{ externalId: '31', status: 'resolved' }]],
  [
    'search_logs',
    'kibana-rule',
    [
      {
        externalId: 'a3c9e1d2-7f40-4b6e-8d21-0c5b9f3e2a17',
        title: 'Payment errors in logs',
        severity: 'high',
        status: 'firing',
        description: 'Document count is 42 in the last 5m in logs-payments-*. Alert when greater than 10.',
        occurredAt: '2026-11-21T10:00:01.250Z',
        labels: { team: 'payments', prod: '', rule_type: '.es-query', action_group: 'query matched' },
      },
    ],
  ],
  ['search_logs', 'kibana-recovered', [{ dedupKey: 'a3c9e1d2-7f40-4b6e-8d21-0c5b9f3e2a17', status: 'resolved' }]],
  [
    'search_logs',
    'kibana-security',
    [
      {
        externalId: 'e1f2a3b4-0000-4c5d-9e8f-112233445566/bastion-1',
        dedupKey: sha256('e1f2a3b4-0000-4c5d-9e8f-112233445566/bastion-1'),
        severity: 'critical',
        host: 'bastion-1',
      },
    ],
  ],
  [
    'search_logs',
    'watcher',
    [
      {
        externalId: 'error_spike_checkout',
        title: 'Checkout error spike',
        severity: 'high',
        status: 'firing',
        occurredAt: '2026-11-21T10:05:00.112Z',
        links: { runbook_url: 'https://wiki.example.com/runbooks/checkout-errors' },
      },
    ],
  ],
  [
    'search_logs',
    'flat',
    [
      {
        externalId: 'log-alert-88213',
        title: 'OOMKilled in payments namespace',
        severity: 'medium',
        status: 'firing',
        host: 'k8s-node-7',
        service: 'payments-api',
        labels: { namespace: 'payments', cluster: 'prod-eu' },
      },
    ],
  ],
  [
    'observability',
    'signoz-firing',
    [
      {
        externalId: '7aa9e3d41c0b2f55',
        title: 'High p99 latency on frontend',
        severity: 'high',
        service: 'frontend',
        description: 'p99 latency is 2.4s, above the 1.5s threshold',
      },
    ],
  ],
  [
    'metrics_alerts',
    'alertmanager-firing',
    [
      {
        dedupKey: 'a1b2c3d4e5f60718',
        title: 'Pod checkout/checkout-api-7d9f8b6c5-x2k4q is crash looping',
        severity: 'critical',
        host: '10.2.3.4',
        service: 'checkout-api',
        description: 'Container api restarted 6 times in the last 10 minutes.',
        labels: {
          alertname: 'KubePodCrashLooping',
          job: 'kube-state-metrics',
          namespace: 'checkout',
          pod: 'checkout-api-7d9f8b6c5-x2k4q',
          container: 'api',
          deployment: 'checkout-api',
          node: 'ip-10-2-3-4.eu-west-1.compute.internal',
          env: 'production',
          environment: 'production',
          region: 'eu-west-1',
          cloud: 'aws',
          account: '123456789012',
        },
        links: {
          runbook_url: 'https://runbooks.prometheus-operator.dev/runbooks/kubernetes/kubepodcrashlooping',
          dashboard_url: 'https://grafana.example.com/d/k8s-pods?var-namespace=checkout',
        },
      },
      {
        title: 'NodeFilesystemAlmostFull',
        severity: 'high',
        host: '2001:db8::17',
        service: 'node-exporter',
        labels: { environment: 'staging', region: 'us-central1' },
      },
      { severity: 'medium', host: 'shop.example.com', labels: { region: 'europe-west4', cloud: 'gcp', account: 'acme-prod' } },
      { severity: 'low', title: 'An alert that should always be firing to certify that Alertmanager is working properly.' },
    ],
  ],
  [
    'metrics_alerts',
    'alertmanager-resolved',
    [
      {
        externalId: null,
        dedupKey: sha256('HostHighCpuLoad|api-1.internal:9100|node'),
        severity: 'critical',
        status: 'resolved',
        host: 'api-1.internal',
        occurredAt: '2026-11-21T10:10:00.000Z',
      },
    ],
  ],
];

describe('parseAlertPayload', () => {
  it.each(cases)('%s/%s', (platform, fixture, expected) => {
    const alerts = parseAlertPayload(platform, loadPayload(platform, fixture));
    expect(alerts).toMatchObject(expected.map((alert) => ({ platform, source: platform, ...alert })));
    for (const alert of alerts) expect(normalizedAlertSchema.safeParse(alert).success).toBe(true);
  });

  it('keeps each alert of a multi-alert payload with its own element as raw', () => {
    const body = loadPayload('metrics_alerts', 'alertmanager-firing') as { alerts: unknown[] };
    const alerts = parseAlertPayload('metrics_alerts', body);
    expect(alerts.map((alert) => alert.raw)).toEqual(body.alerts);
  });

  it('keeps the whole body as raw for single-alert payloads', () => {
    const body = loadPayload('apm', 'workflow-activated');
    expect(parseAlertPayload('apm', body)[0].raw).toBe(body);
  });

  it('pairs a firing alert with its recovery through the dedup key', () => {
    const key = (platform: Platform, fixture: string) => parseAlertPayload(platform, loadPayload(platform, fixture))[0].dedupKey;
    expect(key('infra_monitor', 'full-recovered')).toBe(key('infra_monitor', 'full-triggered'));
    expect(key('apm', 'workflow-closed')).toBe(key('apm', 'workflow-activated'));
    expect(key('pager', 'v3-resolved')).toBe(key('pager', 'v3-triggered'));
    expect(key('search_logs', 'kibana-recovered')).toBe(key('search_logs', 'kibana-rule'));
    expect(key('dashboards', 'legacy-ok')).toBe(key('dashboards', 'legacy-alerting'));
  });

  it('refuses an unknown platform as a programming error', () => {
    expect(() => parseAlertPayload('cloud_monitor' as Platform, {})).toThrow(RangeError);
  });
});
