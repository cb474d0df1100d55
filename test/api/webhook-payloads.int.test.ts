import { randomUUID } from 'node:crypto';
import { waitFor } from '../../dev/wait-for.ts';
import { createApiKey } from '../helpers/api-keys.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration, postSigned } from '../helpers/webhooks.ts';
import { loadPayload } from '../shared/alerts/load-payload.ts';

type Incident = { id: string; title: string; severity: string; status: string; alert_count: number; fingerprint: string };

/** An Alertmanager v4 alert; `labels` overrides the defaults (undefined drops one). */
function alert(name: string, labels: Record<string, string | undefined> = {}) {
  const all = { alertname: name, instance: `${name}-host:9100`, job: 'node', severity: 'critical', ...labels };
  return {
    status: 'firing',
    labels: Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined)),
    annotations: { summary: `${name} fired` },
    startsAt: new Date().toISOString(),
    fingerprint: `${name}-${randomUUID().slice(0, 8)}`,
  };
}

describe('webhook payloads (integration: real PostgreSQL + Temporal + worker)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const incidentsOf = async (token: string) => {
    const response = await stack.http.get('/api/v1/incidents?limit=100').set('Authorization', `Bearer ${token}`).expect(200);
    return response.body.data as Incident[];
  };
  const waitForIncidents = (token: string, done: (items: Incident[]) => boolean, what: string) =>
    waitFor(
      what,
      async () => {
        const items = await incidentsOf(token);
        return done(items) ? items : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 200 },
    );

  it('a metrics_alerts payload with one alert lacking a severity and one lacking a title queues the valid ones and lists the others', async () => {
    const owner = await registerOwner(stack.http, 'partial');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const noTitle = { ...alert('NoTitle', { alertname: undefined }), annotations: {} };
    const payload = {
      version: '4',
      status: 'firing',
      alerts: [alert('DiskFull'), alert('NoSeverity', { severity: undefined }), alert('HighLoad', { severity: 'warning' }), noTitle],
    };
    const response = await postSigned(stack.http, 'metrics_alerts', integration, payload).expect(200);
    expect(response.body).toMatchObject({
      success: true,
      data: {
        integration_id: integration.id,
        processing_status: 'queued',
        alerts: 2,
        rejected: [
          { index: 1, field: 'alerts[1].labels.severity', reason: 'alerts[1].labels.severity is required' },
          {
            index: 3,
            field: 'alerts[3].labels.alertname',
            reason: 'alerts[3].labels.alertname is required (or alerts[3].annotations.summary)',
          },
        ],
      },
    });
    expect(response.body.message).toMatch(/2 alerts accepted.*2 refused/);
    // The integration's quota paid for the two queued alerts only.
    expect(Number(response.headers['x-ratelimit-limit']) - Number(response.headers['x-ratelimit-remaining'])).toBe(2);

    const incidents = await waitForIncidents(owner.token, (items) => items.length === 2, 'the two valid alerts as incidents');
    expect(incidents.map((incident) => [incident.title, incident.severity]).sort()).toEqual([
      ['DiskFull fired', 'critical'],
      ['HighLoad fired', 'high'],
    ]);
    // The refused alerts were never stored.
    const rows = await stack.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ n: number }>>('select count(*)::int as n from alerts where integration_id = ?', [integration.id]);
    expect(rows[0]?.n).toBe(2);
  });

  it('a payload none of whose alerts is valid is 400 INVALID_PAYLOAD listing every alert and why', async () => {
    const owner = await registerOwner(stack.http, 'none-valid');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const payload = { alerts: [alert('A', { severity: undefined }), 'not an alert'] };
    const response = await postSigned(stack.http, 'metrics_alerts', integration, payload).expect(400);
    expect(response.body.error).toMatchObject({
      code: 'INVALID_PAYLOAD',
      details: {
        field: 'alerts[0].labels.severity',
        rejected: [
          { index: 0, field: 'alerts[0].labels.severity', reason: 'alerts[0].labels.severity is required' },
          { index: 1, field: 'alerts[1]', reason: 'alerts[1] must be a JSON object' },
        ],
      },
    });
  });

  it('the short form with an API key keeps the good alerts too', async () => {
    const owner = await registerOwner(stack.http, 'partial-key');
    await createIntegration(stack.http, owner.token, 'pager');
    const key = await createApiKey(stack.http, owner.token, { name: 'ingest', permissions: ['alerts:ingest'] });
    const incident = (id: string, title: string, urgency?: string) => ({
      event: 'incident.triggered',
      incident: { id, title, status: 'triggered', ...(urgency ? { urgency } : {}) },
    });
    const response = await stack.http
      .post('/api/v1/webhooks/pager')
      .set('X-API-Key', key.api_key)
      .send({ messages: [incident('P-NOURGENCY', 'No urgency'), incident('P-GOOD', 'Payments down', 'high')] })
      .expect(200);
    expect(response.body.data).toMatchObject({
      alert_id: 'P-GOOD',
      alerts: 1,
      rejected: [{ index: 0, field: 'messages[0].incident.urgency' }],
    });
    const [created] = await waitForIncidents(owner.token, (items) => items.length === 1, 'the valid pager incident');
    expect(created).toMatchObject({ title: 'Payments down', severity: 'high' });
  });

  it('infra_monitor: a recovery under a new event id resolves the incident its trigger opened', async () => {
    const owner = await registerOwner(stack.http, 'dd-recovery');
    const integration = await createIntegration(stack.http, owner.token, 'infra_monitor');
    // Datadog notifications as Keep captured them: the recovery has its own event id and title.
    const trigger = loadPayload('infra_monitor', 'keep-api-triggered') as { id: string };
    const recovery = loadPayload('infra_monitor', 'keep-api-recovered') as { id: string };
    expect(recovery.id).not.toBe(trigger.id);

    await postSigned(stack.http, 'infra_monitor', integration, trigger).expect(200);
    const [opened] = await waitForIncidents(owner.token, (items) => items.length === 1, 'the triggered incident');
    expect(opened).toMatchObject({ title: '[Triggered on {service:keep-api}] Error monitor', severity: 'critical', status: 'active' });

    await postSigned(stack.http, 'infra_monitor', integration, recovery).expect(200);
    const [resolved] = await waitForIncidents(owner.token, (items) => items[0]?.status === 'resolved', 'the recovery resolving it');
    expect(resolved).toMatchObject({ id: opened?.id, fingerprint: opened?.fingerprint, status: 'resolved' });
    expect(await incidentsOf(owner.token)).toHaveLength(1);
  });
});
