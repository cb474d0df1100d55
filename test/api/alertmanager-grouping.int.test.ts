// A real Alertmanager (v0.31.1 from the tool cache) deciding grouping and inhibition itself, and a
// real Alertmanager that does not group (`group_by: ['...']`), whose alerts Tocsin groups instead.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveAlertmanager, startAlertmanager, type RunningAlertmanager } from '../../dev/alertmanager.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { toolCacheDir } from '../../shared/load-config.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

type Incident = { id: string; title: string; status: string; integration_id: string | null };
type Receiver = { id: string; secret: string };

/**
 * Alertmanager groups by `cluster` and inhibits warnings under a critical of the same cluster for
 * the `inhibit` receiver; alerts labelled `grouped_by="tocsin"` go ungrouped to the `tocsin` one.
 */
function alertmanagerConfig(tocsin: string, inhibit: Receiver, grouping: Receiver): string {
  const webhook = (name: string, receiver: Receiver) => `
  - name: ${name}
    webhook_configs:
      - url: ${tocsin}/api/v1/webhooks/metrics_alerts/${receiver.id}
        send_resolved: true
        http_config:
          authorization:
            type: Bearer
            credentials: ${receiver.secret}`;
  return `
route:
  receiver: inhibit
  group_by: [cluster]
  group_wait: 1s
  group_interval: 1s
  repeat_interval: 1h
  routes:
    - receiver: tocsin
      matchers: ['grouped_by="tocsin"']
      group_by: ['...']
inhibit_rules:
  - source_matchers: ['severity="critical"']
    target_matchers: ['severity="warning"']
    equal: [cluster]
receivers:${webhook('inhibit', inhibit)}${webhook('tocsin', grouping)}
`;
}

describe('a real Alertmanager grouping and inhibiting, and Tocsin grouping for an Alertmanager that does not (integration: real PostgreSQL + Temporal + worker + Alertmanager)', () => {
  let stack: TestStack;
  let server: Server;
  let alertmanager: RunningAlertmanager;
  let dataDir: string;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let inhibitIntegrationId: string;
  let groupingIntegrationId: string;
  const auth = () => ({ Authorization: `Bearer ${owner.token}` });

  beforeAll(async () => {
    const binary = await resolveAlertmanager({ explicitPath: process.env.ALERTMANAGER_PATH || undefined, cacheDir: toolCacheDir() });
    stack = await startTestStack({ worker: true });
    owner = await registerOwner(stack.http, 'alertmanager-grouping');
    server = createServer(stack.app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const tocsin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const integration = async (name: string, secret: string) =>
      (await stack.http.post('/api/v1/integrations').set(auth()).send({ name, platform: 'metrics_alerts', secret }).expect(201)).body.data
        .id as string;
    const inhibitSecret = 'alertmanager-inhibit-secret-0123456789';
    const groupingSecret = 'alertmanager-grouping-secret-0123456789';
    const inhibit = { id: await integration('Alertmanager inhibiting', inhibitSecret), secret: inhibitSecret };
    const grouping = { id: await integration('Alertmanager not grouping', groupingSecret), secret: groupingSecret };
    await stack.http
      .patch(`/api/v1/integrations/${grouping.id}`)
      .set(auth())
      .send({ grouping: { group_by: ['cluster'], group_wait_seconds: 1, group_interval_seconds: 1 } })
      .expect(200);
    inhibitIntegrationId = inhibit.id;
    groupingIntegrationId = grouping.id;
    dataDir = await mkdtemp(join(tmpdir(), 'tocsin-alertmanager-grouping-'));
    alertmanager = await startAlertmanager(binary, alertmanagerConfig(tocsin, inhibit, grouping), dataDir);
  }, 600_000);
  afterAll(async () => {
    await alertmanager?.stop();
    await new Promise((resolve) => server?.close(resolve));
    await stack?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const incidentsOf = async (integrationId: string) =>
    ((await stack.http.get('/api/v1/incidents?limit=100').set(auth()).expect(200)).body.data as Incident[]).filter(
      (incident) => incident.integration_id === integrationId,
    );
  const waitForIncidents = (integrationId: string, done: (incidents: Incident[]) => boolean, what: string) =>
    waitFor(
      what,
      async () => {
        const incidents = await incidentsOf(integrationId);
        return done(incidents) ? incidents : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
  const titled = (incidents: Incident[], title: string) => incidents.filter((incident) => incident.title === title);

  const alert = (labels: Record<string, string>, endsAt?: Date) => ({
    labels,
    annotations: { summary: `${labels.alertname} on ${labels.instance}` },
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    ...(endsAt ? { endsAt: endsAt.toISOString() } : {}),
  });

  it("Alertmanager's inhibit rule keeps a warning under a firing critical of its cluster from Tocsin; once the critical resolves the warning opens its incident", async () => {
    const critical = { alertname: 'ClusterDown', instance: 'lb-1:9100', cluster: 'east', severity: 'critical' };
    const warning = { alertname: 'HighLatency', instance: 'web-1:9100', cluster: 'east', severity: 'warning' };
    // Same cluster, so same Alertmanager group as the warning, and not inhibited: when Tocsin has
    // its incident, Alertmanager has flushed that group with everything it did not mute.
    const bystander = { alertname: 'DiskFilling', instance: 'db-1:9100', cluster: 'east', severity: 'info' };
    await alertmanager.postAlerts([alert(critical)]);
    await waitForIncidents(inhibitIntegrationId, (rows) => titled(rows, 'ClusterDown on lb-1:9100').length === 1, 'the critical incident');

    await alertmanager.postAlerts([alert(warning), alert(bystander)]);
    const flushed = await waitForIncidents(
      inhibitIntegrationId,
      (rows) => titled(rows, 'DiskFilling on db-1:9100').length === 1,
      'the group flushed after the warning',
    );
    expect(titled(flushed, 'HighLatency on web-1:9100')).toEqual([]);
    // Alertmanager itself holds the warning as inhibited by the critical.
    const held = (await (await fetch(`${alertmanager.url}/api/v2/alerts`)).json()) as Array<{
      labels: Record<string, string>;
      status: { state: string; inhibitedBy: string[] };
    }>;
    const heldWarning = held.find((entry) => entry.labels.alertname === 'HighLatency');
    expect(heldWarning?.status.state).toBe('suppressed');
    expect(heldWarning?.status.inhibitedBy).toHaveLength(1);

    await alertmanager.postAlerts([alert(critical, new Date(Date.now() - 1000)), alert(warning)]);
    const after = await waitForIncidents(
      inhibitIntegrationId,
      (rows) =>
        titled(rows, 'HighLatency on web-1:9100').length === 1 && titled(rows, 'ClusterDown on lb-1:9100')[0]?.status === 'resolved',
      'the warning opened once the critical resolved',
    );
    expect(titled(after, 'HighLatency on web-1:9100')[0]?.status).toBe('active');
    expect(titled(after, 'DiskFilling on db-1:9100')[0]?.status).toBe('active');
  }, 120_000);

  it("an Alertmanager that does not group (group_by: ['...']) sends each alert alone; Tocsin's grouping by cluster makes one incident per cluster", async () => {
    const north = ['node-1', 'node-2', 'node-3', 'node-4'].map((node) => ({
      alertname: 'NodeNotReady',
      instance: `${node}:9100`,
      cluster: 'north',
      severity: 'critical',
      grouped_by: 'tocsin',
    }));
    const south = { alertname: 'NodeNotReady', instance: 'node-9:9100', cluster: 'south', severity: 'critical', grouped_by: 'tocsin' };
    await alertmanager.postAlerts([...north, south].map((labels) => alert(labels)));

    type IncidentAlert = { dedup_key: string; labels: Record<string, string> };
    const alertsOf = async (incidentId: string) =>
      (await stack.http.get(`/api/v1/incidents/${incidentId}/alerts`).set(auth()).expect(200)).body.data as IncidentAlert[];
    const grouped = await waitFor(
      'every alert applied to its cluster incident',
      async () => {
        const incidents = await incidentsOf(groupingIntegrationId);
        const held = await Promise.all(incidents.map(async (incident) => ({ incident, alerts: await alertsOf(incident.id) })));
        return held.reduce((sum, entry) => sum + entry.alerts.length, 0) === 5 ? held : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    expect(grouped).toHaveLength(2);
    const clusters = grouped.map((entry) => [...new Set(entry.alerts.map((held) => held.labels.cluster))]);
    expect(clusters.sort()).toEqual([['north'], ['south']]);
    const northIncident = grouped.find((entry) => entry.alerts[0]?.labels.cluster === 'north');
    expect(northIncident?.alerts.map((held) => held.labels.instance).sort()).toEqual(north.map((labels) => labels.instance));
    expect(northIncident?.incident.status).toBe('active');
  }, 120_000);
});
