import { randomUUID } from 'node:crypto';
import { waitFor } from '../../dev/wait-for.ts';
import { parseAlertPayload } from '../../shared/alerts/parsers/index.ts';
import { PLATFORMS } from '../../shared/domain/alert.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { alertmanagerBody, postSigned } from '../helpers/webhooks.ts';

describe('integrations API (integration: real PostgreSQL + Temporal)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  const auth = () => ({ Authorization: `Bearer ${owner.token}` });

  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
    owner = await registerOwner(stack.http, 'integrations');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('creates with a generated secret shown once, lists, reads, updates and deletes', async () => {
    const created = await stack.http
      .post('/api/v1/integrations')
      .set(auth())
      .send({ name: 'Prometheus', platform: 'metrics_alerts' })
      .expect(201);
    const integration = created.body.data;
    expect(integration).toMatchObject({
      name: 'Prometheus',
      platform: 'metrics_alerts',
      status: 'disconnected',
      enabled: true,
      signature_header: 'X-Metrics-Alerts-Signature',
    });
    expect(integration.webhook_url).toMatch(new RegExp(`/api/v1/webhooks/metrics_alerts/${integration.id}$`));
    expect(integration.webhook_secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const read = await stack.http.get(`/api/v1/integrations/${integration.id}`).set(auth()).expect(200);
    expect(read.body.data.webhook_secret).toBeUndefined();
    expect(JSON.stringify(read.body)).not.toContain(integration.webhook_secret);
    const list = await stack.http.get('/api/v1/integrations?platform=metrics_alerts').set(auth()).expect(200);
    expect(list.body.data.map((item: { id: string }) => item.id)).toContain(integration.id);

    const config = {
      url: 'https://hooks.example.com/tocsin',
      events: ['incident.created'],
      headers: { Authorization: 'Bearer {{integration.secret}}' },
      template: { text: '{{incident.title}}' },
    };
    const updated = await stack.http
      .patch(`/api/v1/integrations/${integration.id}`)
      .set(auth())
      .send({ name: 'Prom prod', webhook_config: config })
      .expect(200);
    expect(updated.body.data).toMatchObject({ name: 'Prom prod', webhook_config: { ...config, method: 'POST' } });

    await stack.http.delete(`/api/v1/integrations/${integration.id}`).set(auth()).expect(204);
    await stack.http.get(`/api/v1/integrations/${integration.id}`).set(auth()).expect(404);
  });

  it('stores the secret encrypted, never in plain text', async () => {
    const secret = `plain-secret-${randomUUID()}`;
    const { body } = await stack.http
      .post('/api/v1/integrations')
      .set(auth())
      .send({ name: 'Sealed', platform: 'apm', secret })
      .expect(201);
    expect(body.data.webhook_secret).toBe(secret);
    const rows = (await stack.orm.em
      .fork()
      .getConnection()
      .execute('select i::text as row from integrations i where id = ?', [body.data.id])) as Array<{ row: string }>;
    expect(rows[0]?.row).toBeDefined();
    expect(rows[0]?.row).not.toContain(secret);
  });

  it('rotates the secret: the new one works at once and the old one keeps working during the grace period', async () => {
    const { body } = await stack.http
      .post('/api/v1/integrations')
      .set(auth())
      .send({ name: 'Rotating', platform: 'metrics_alerts' })
      .expect(201);
    const old = { id: body.data.id as string, secret: body.data.webhook_secret as string };
    const rotated = await stack.http.post(`/api/v1/integrations/${old.id}/rotate-secret`).set(auth()).expect(200);
    const fresh = { id: old.id, secret: rotated.body.data.webhook_secret as string };
    expect(fresh.secret).not.toBe(old.secret);
    await postSigned(stack.http, 'metrics_alerts', fresh, alertmanagerBody(`rot${randomUUID().slice(0, 8)}`, 'firing')).expect(200);
    await postSigned(stack.http, 'metrics_alerts', old, alertmanagerBody(`rot${randomUUID().slice(0, 8)}`, 'firing')).expect(200);
    await postSigned(
      stack.http,
      'metrics_alerts',
      { id: old.id, secret: 'never-issued-secret-0123456789' },
      alertmanagerBody('x', 'firing'),
    ).expect(401);

    // Once the grace period is over, only the new secret is accepted.
    await stack.orm.em
      .fork()
      .getConnection()
      .execute("update integrations set previous_secret_expires_at = now() - interval '1 second' where id = ?", [old.id]);
    await stack.http.patch(`/api/v1/integrations/${old.id}`).set(auth()).send({ name: 'Rotated' }).expect(200);
    await postSigned(stack.http, 'metrics_alerts', old, alertmanagerBody('late', 'firing')).expect(401);
    await postSigned(stack.http, 'metrics_alerts', fresh, alertmanagerBody(`rot${randomUUID().slice(0, 8)}`, 'firing')).expect(200);
    const connected = await waitFor(
      'the integration to show alerts',
      async () => {
        const read = await stack.http.get(`/api/v1/integrations/${old.id}`).set(auth()).expect(200);
        return read.body.data.status === 'connected' ? read.body.data : undefined;
      },
      { timeoutMs: 60_000 },
    );
    expect(connected.last_alert_at).not.toBeNull();
  });

  it.each(PLATFORMS)('GET /integrations/%s shows the setup of that platform, with an example its parser accepts', async (platform) => {
    const { body } = await stack.http.get(`/api/v1/integrations/${platform}`).set(auth()).expect(200);
    expect(body.data).toMatchObject({
      platform,
      webhook_url_template: expect.stringContaining(`/api/v1/webhooks/${platform}/{integration_id}`),
    });
    expect(body.data.signature_header).toMatch(/^X-[A-Za-z-]+-Signature$/);
    expect(parseAlertPayload(platform, body.data.example_payload).length).toBeGreaterThan(0);
  });

  it('rejects invalid input with field paths', async () => {
    const bad = await stack.http
      .post('/api/v1/integrations')
      .set(auth())
      .send({ name: '', platform: 'cloud_monitor', webhook_config: { url: 'ftp://x', events: [] } })
      .expect(422);
    expect(bad.body.errors.map((error: { path: string }) => error.path)).toEqual(
      expect.arrayContaining(['body.name', 'body.platform', 'body.webhook_config.url', 'body.webhook_config.events']),
    );
    await stack.http.post('/api/v1/integrations').set(auth()).send({ name: 'short secret', platform: 'apm', secret: 'short' }).expect(422);
  });

  it('keeps integrations to their organization (404, empty list)', async () => {
    const { body } = await stack.http.post('/api/v1/integrations').set(auth()).send({ name: 'Mine', platform: 'pager' }).expect(201);
    const other = await registerOwner(stack.http, 'other-integrations');
    const otherAuth = { Authorization: `Bearer ${other.token}` };
    await stack.http.get(`/api/v1/integrations/${body.data.id}`).set(otherAuth).expect(404);
    await stack.http.patch(`/api/v1/integrations/${body.data.id}`).set(otherAuth).send({ enabled: false }).expect(404);
    await stack.http.post(`/api/v1/integrations/${body.data.id}/rotate-secret`).set(otherAuth).expect(404);
    await stack.http.delete(`/api/v1/integrations/${body.data.id}`).set(otherAuth).expect(404);
    expect((await stack.http.get('/api/v1/integrations').set(otherAuth).expect(200)).body.meta.total).toBe(0);
  });
});
