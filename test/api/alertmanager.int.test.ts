// A real Alertmanager (v0.31.1 from the tool cache) sending to Tocsin both ways its users configure
// it: `webhook_configs` to the metrics_alerts webhook, and `pagerduty_configs` to the Events API v2.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveAlertmanager, startAlertmanager, type RunningAlertmanager } from '../../dev/alertmanager.ts';
import { toolCacheDir } from '../../shared/load-config.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

type Incident = { id: string; title: string; severity: string; status: string; integration_id: string | null; alert_count: number };

/** Small waits so the test is quick: Alertmanager flushes a group a second after it changes. */
function alertmanagerConfig(tocsin: string, webhook: { id: string; secret: string }, pager: { routingKey: string }): string {
  return `
route:
  receiver: tocsin-webhook
  group_by: ['alertname', 'instance']
  group_wait: 1s
  group_interval: 1s
  repeat_interval: 1h
  routes:
    - receiver: tocsin-events-v2
      matchers: ['via="pagerduty"']
receivers:
  - name: tocsin-webhook
    webhook_configs:
      - url: ${tocsin}/api/v1/webhooks/metrics_alerts/${webhook.id}
        send_resolved: true
        http_config:
          authorization:
            type: Bearer
            credentials: ${webhook.secret}
  - name: tocsin-events-v2
    pagerduty_configs:
      - url: ${tocsin}/v2/enqueue
        routing_key: ${pager.routingKey}
        send_resolved: true
`;
}

describe('a real Alertmanager sending to Tocsin (integration: real PostgreSQL + Temporal + worker + Alertmanager)', () => {
  let stack: TestStack;
  let server: Server;
  let alertmanager: RunningAlertmanager;
  let dataDir: string;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let webhookIntegrationId: string;
  let pagerIntegrationId: string;
  const auth = () => ({ Authorization: `Bearer ${owner.token}` });

  beforeAll(async () => {
    const binary = await resolveAlertmanager({ explicitPath: process.env.ALERTMANAGER_PATH || undefined, cacheDir: toolCacheDir() });
    stack = await startTestStack({ worker: true });
    owner = await registerOwner(stack.http, 'alertmanager');
    server = createServer(stack.app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const tocsin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const secret = 'alertmanager-bearer-secret-0123456789';
    const webhook = await stack.http
      .post('/api/v1/integrations')
      .set(auth())
      .send({ name: 'Alertmanager webhook', platform: 'metrics_alerts', secret })
      .expect(201);
    const pager = await stack.http
      .post('/api/v1/integrations')
      .set(auth())
      .send({ name: 'Alertmanager PagerDuty', platform: 'pager' })
      .expect(201);
    webhookIntegrationId = webhook.body.data.id;
    pagerIntegrationId = pager.body.data.id;
    dataDir = await mkdtemp(join(tmpdir(), 'tocsin-alertmanager-'));
    alertmanager = await startAlertmanager(
      binary,
      alertmanagerConfig(tocsin, { id: webhookIntegrationId, secret }, { routingKey: pager.body.data.routing_key }),
      dataDir,
    );
  }, 600_000);
  afterAll(async () => {
    await alertmanager?.stop();
    await new Promise((resolve) => server?.close(resolve));
    await stack?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const incidentOf = (integrationId: string, done: (incident: Incident) => boolean, what: string) =>
    waitFor(
      what,
      async () =>
        ((await stack.http.get('/api/v1/incidents?limit=100').set(auth()).expect(200)).body.data as Incident[]).find(
          (incident) => incident.integration_id === integrationId && done(incident),
        ),
      { timeoutMs: 60_000, intervalMs: 250 },
    );

  const alert = (labels: Record<string, string>, endsAt?: Date) => ({
    labels,
    annotations: { summary: `${labels.alertname} on ${labels.instance}` },
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    ...(endsAt ? { endsAt: endsAt.toISOString() } : {}),
  });

  it('webhook_configs (Bearer auth): an alert posted to Alertmanager opens an incident, and resolves it when Alertmanager resolves it', async () => {
    const labels = { alertname: 'InstanceDown', instance: 'web-1:9100', job: 'node', severity: 'critical' };
    await alertmanager.postAlerts([alert(labels)]);
    const opened = await incidentOf(
      webhookIntegrationId,
      (incident) => incident.title === 'InstanceDown on web-1:9100',
      'the webhook incident',
    );
    expect(opened).toMatchObject({ severity: 'critical', status: 'active' });

    await alertmanager.postAlerts([alert(labels, new Date(Date.now() - 1000))]);
    await incidentOf(
      webhookIntegrationId,
      (incident) => incident.id === opened.id && incident.status === 'resolved',
      'the webhook incident resolved',
    );
  });

  it('pagerduty_configs with url = /v2/enqueue: the group opens one incident, and resolves when Alertmanager resolves it', async () => {
    const labels = { alertname: 'DiskFull', instance: 'db-1:9100', severity: 'warning', via: 'pagerduty' };
    await alertmanager.postAlerts([alert(labels)]);
    const opened = await incidentOf(pagerIntegrationId, (incident) => incident.title.includes('DiskFull'), 'the Events API v2 incident');
    expect(opened.status).toBe('active');

    await alertmanager.postAlerts([alert(labels, new Date(Date.now() - 1000))]);
    await incidentOf(
      pagerIntegrationId,
      (incident) => incident.id === opened.id && incident.status === 'resolved',
      'the Events API v2 incident resolved',
    );
  });
});
