import type { Platform } from '../../shared/domain/alert.ts';

/** What each platform's setup page shows: a minimal body the parser accepts, to test a connection. */
export const PLATFORM_SETUP: Record<Platform, { example: unknown }> = {
  infra_monitor: {
    example: {
      id: '7432019245',
      alert_type: 'error',
      alert_name: 'High CPU on web-1',
      alert_status: 'triggered',
      severity: 'error',
      message: 'CPU usage above 95% for 10 minutes',
      host: 'web-1',
      tags: ['env:prod', 'service:checkout'],
      link: 'https://monitoring.example.com/monitors/123',
    },
  },
  apm: {
    example: {
      issueId: 'd8a5a0c6-2b1f-4c3e-9f1e-5b7a2c9d0e11',
      state: 'ACTIVATED',
      title: 'Checkout API error rate above 5%',
      priority: 'CRITICAL',
      createdAt: 1795305600000,
      policyName: 'Checkout',
      conditionName: 'Error rate',
    },
  },
  pager: {
    example: {
      messages: [
        {
          event: 'incident.triggered',
          incident: {
            id: 'PT4KHLK',
            incident_number: 1234,
            title: 'Database replication lag',
            status: 'triggered',
            urgency: 'high',
            html_url: 'https://pager.example.com/incidents/PT4KHLK',
            service: { id: 'PIJ90N7', name: 'Payments DB' },
          },
        },
      ],
    },
  },
  dashboards: {
    example: {
      title: '[Alerting] Disk almost full',
      ruleName: 'Disk almost full',
      ruleUrl: 'https://dashboards.example.com/alerting/1',
      state: 'alerting',
      message: 'Disk /var above 90% on db-2',
    },
  },
  search_logs: {
    example: {
      id: 'watch-errors-1',
      title: 'Error log spike in checkout',
      severity: 'high',
      status: 'firing',
      message: '120 errors in 5 minutes',
    },
  },
  observability: {
    example: {
      status: 'firing',
      alerts: [
        {
          status: 'firing',
          labels: { alertname: 'HighLatency', severity: 'warning', service: 'checkout' },
          annotations: { summary: 'p99 latency above 2s' },
          fingerprint: 'c0ffee12',
        },
      ],
    },
  },
  metrics_alerts: {
    example: {
      version: '4',
      status: 'firing',
      alerts: [
        {
          status: 'firing',
          labels: { alertname: 'InstanceDown', instance: 'web-1:9100', job: 'node', severity: 'critical' },
          annotations: { summary: 'web-1 is down', description: 'web-1:9100 has been unreachable for 5 minutes' },
          fingerprint: '9f6e1d2c3b4a5f60',
        },
      ],
    },
  },
  // Without a mapping template a generic_json integration reads this shape; with one, the template's result.
  generic_json: {
    example: {
      title: 'Checkout queue depth above 10,000',
      severity: 'high',
      fingerprint: 'checkout-queue-depth',
      status: 'firing',
      labels: { service: 'checkout', env: 'prod' },
    },
  },
};
