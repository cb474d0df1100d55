import { randomUUID } from 'node:crypto';
import { PLATFORM_SETUP } from '../../api/services/platform-setup.ts';
import { waitFor } from '../../shared/dev/wait-for.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { alertmanagerBody, createIntegration, postSigned } from '../helpers/webhooks.ts';

type Incident = { id: string; title: string; severity: string; status: string; source: string; alert_count: number; resolved_at: string | null };

describe('alert ingestion (integration: real PostgreSQL + real Temporal + worker)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const incidentsOf = async (token: string, query = '') => {
    const response = await stack.http.get(`/api/v1/incidents?limit=100${query}`).set('Authorization', `Bearer ${token}`).expect(200);
    return { items: response.body.data as Incident[], total: response.body.meta.total as number };
  };
  const waitForIncidents = (token: string, done: (items: Incident[]) => boolean, what: string) =>
    waitFor(what, async () => {
      const { items } = await incidentsOf(token);
      return done(items) ? items : undefined;
    }, { timeoutMs: 60_000, intervalMs: 200 });

  it.each([
    ['infra_monitor', 'High CPU on web-1', 'critical'],
    ['apm', 'Checkout API error rate above 5%', 'critical'],
    ['pager', 'Database replication lag', 'high'],
    ['dashboards', 'Disk almost full', 'high'],
    ['search_logs', 'Error log spike in checkout', 'high'],
    ['observability', 'HighLatency', 'high'],
    ['metrics_alerts', 'web-1 is down', 'critical'],
  ])('%s: a signed webhook becomes an incident titled %j with severity %s', async (platform, title, severity) => {
    const owner = await registerOwner(stack.http, platform);
    const integration = await createIntegration(stack.http, owner.token, platform);
    const accepted = await postSigned(stack.http, platform, integration, PLATFORM_SETUP[platform as keyof typeof PLATFORM_SETUP].example).expect(200);
    expect(accepted.body).toMatchObject({ success: true, data: { integration_id: integration.id, processing_status: 'queued' } });
    expect(typeof accepted.body.data.alert_id).toBe('string');

    const [incident] = await waitForIncidents(owner.token, (items) => items.length === 1, `the ${platform} incident`);
    expect(incident).toMatchObject({ title, severity, status: 'active', source: platform, alert_count: 1 });
    const detail = await stack.http.get(`/api/v1/incidents/${incident?.id}`).set('Authorization', `Bearer ${owner.token}`).expect(200);
    expect(detail.body.data.timeline.map((entry: { type: string }) => entry.type)).toEqual(['created', 'alert']);
  });

  it('50 concurrent identical alerts make exactly one incident with alert_count 50', async () => {
    const owner = await registerOwner(stack.http, 'burst');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const body = alertmanagerBody(`burst${randomUUID().slice(0, 8)}`, 'firing');
    const responses = await Promise.all(Array.from({ length: 50 }, () => postSigned(stack.http, 'metrics_alerts', integration, body)));
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    const [incident] = await waitForIncidents(owner.token, (items) => items[0]?.alert_count === 50, 'alert_count 50');
    const { total } = await incidentsOf(owner.token);
    expect(total).toBe(1);
    expect(incident?.alert_count).toBe(50);
    const rows = await stack.orm.em.fork().getConnection().execute('select count(*)::int as n from alerts where incident_id = ?', [incident?.id]);
    expect(rows[0].n).toBe(50);
  });

  it('a resolved alert resolves the incident, and the next firing alert opens a new one', async () => {
    const owner = await registerOwner(stack.http, 'resolve');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const fingerprint = `res${randomUUID().slice(0, 8)}`;
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(fingerprint, 'firing')).expect(200);
    await waitForIncidents(owner.token, (items) => items.length === 1, 'the incident');
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(fingerprint, 'resolved')).expect(200);
    const [resolved] = await waitForIncidents(owner.token, (items) => items[0]?.status === 'resolved', 'resolution');
    expect(resolved?.resolved_at).not.toBeNull();
    expect(resolved?.alert_count).toBe(1);

    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(fingerprint, 'firing')).expect(200);
    const items = await waitForIncidents(owner.token, (list) => list.length === 2, 'a second incident');
    expect(items.map((incident) => incident.status).sort()).toEqual(['active', 'resolved']);
  });

  it('a resolved alert with no open incident creates nothing', async () => {
    const owner = await registerOwner(stack.http, 'orphan');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(`orph${randomUUID().slice(0, 8)}`, 'resolved')).expect(200);
    await waitFor('the alert row', async () => {
      const rows = await stack.orm.em.fork().getConnection().execute('select count(*)::int as n from alerts where integration_id = ?', [integration.id]);
      return rows[0].n === 1 ? true : undefined;
    }, { timeoutMs: 60_000 });
    expect((await incidentsOf(owner.token)).total).toBe(0);
  });

  it('resolving by PATCH closes the alert stream: the next firing alert opens a new incident', async () => {
    const owner = await registerOwner(stack.http, 'patch');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const fingerprint = `pat${randomUUID().slice(0, 8)}`;
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(fingerprint, 'firing')).expect(200);
    const [first] = await waitForIncidents(owner.token, (items) => items.length === 1, 'the incident');
    await stack.http.patch(`/api/v1/incidents/${first?.id}`).set('Authorization', `Bearer ${owner.token}`).send({ status: 'resolved' }).expect(200);
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(fingerprint, 'firing')).expect(200);
    const items = await waitForIncidents(owner.token, (list) => list.length === 2, 'a new incident');
    expect(items.find((incident) => incident.id === first?.id)?.status).toBe('resolved');
    expect(items.find((incident) => incident.id !== first?.id)).toMatchObject({ status: 'active', alert_count: 1 });
  });

  it('stores a payload with characters PostgreSQL cannot hold, repaired, instead of failing forever', async () => {
    const owner = await registerOwner(stack.http, 'nul');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(`nul${randomUUID().slice(0, 8)}`, 'firing', 'disk\u0000full \ud800')).expect(200);
    const [incident] = await waitForIncidents(owner.token, (items) => items.length === 1, 'the repaired incident');
    expect(incident?.title).toBe('disk\uFFFDfull \uFFFD');
  });

  it('accepts Authorization: Bearer <secret> for senders that cannot sign', async () => {
    const owner = await registerOwner(stack.http, 'bearer');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    await stack.http
      .post(`/api/v1/webhooks/metrics_alerts/${integration.id}`)
      .set('Authorization', `Bearer ${integration.secret}`)
      .send(alertmanagerBody(`bear${randomUUID().slice(0, 8)}`, 'firing'))
      .expect(200);
    await waitForIncidents(owner.token, (items) => items.length === 1, 'the incident');
  });

  it('an alert accepted while no worker runs is processed exactly once when a worker comes back', async () => {
    const owner = await registerOwner(stack.http, 'restart');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    await stack.stopWorker();
    try {
      await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(`rst${randomUUID().slice(0, 8)}`, 'firing')).expect(200);
      expect((await incidentsOf(owner.token)).total).toBe(0);
    } finally {
      await stack.startWorker();
    }
    const [incident] = await waitForIncidents(owner.token, (items) => items.length === 1, 'the incident after restart');
    expect(incident?.alert_count).toBe(1);
    const rows = await stack.orm.em.fork().getConnection().execute('select count(*)::int as n from incidents where organization_id = ?', [owner.organization.id]);
    expect(rows[0].n).toBe(1);
  });

  describe('rejections store nothing', () => {
    let owner: Awaited<ReturnType<typeof registerOwner>>;
    let integration: Awaited<ReturnType<typeof createIntegration>>;
    beforeAll(async () => {
      owner = await registerOwner(stack.http, 'reject');
      integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    });

    it('a bad signature is 401 WEBHOOK_VALIDATION_FAILED, echoing only what was received', async () => {
      const response = await stack.http
        .post(`/api/v1/webhooks/metrics_alerts/${integration.id}`)
        .set('X-Metrics-Alerts-Signature', 'sha256=deadbeef')
        .send(alertmanagerBody('badsig', 'firing'))
        .expect(401);
      expect(response.body.error).toMatchObject({ code: 'WEBHOOK_VALIDATION_FAILED', details: { received_signature: 'sha256=deadbeef' } });
      expect(JSON.stringify(response.body)).not.toContain('expected_signature');
      await stack.http.post(`/api/v1/webhooks/metrics_alerts/${integration.id}`).send(alertmanagerBody('nosig', 'firing')).expect(401);
    });

    it('an unknown integration, or one of another platform, is 404 INTEGRATION_NOT_FOUND', async () => {
      const unknown = await postSigned(stack.http, 'metrics_alerts', { id: randomUUID(), secret: integration.secret }, alertmanagerBody('x', 'firing')).expect(404);
      expect(unknown.body.error.code).toBe('INTEGRATION_NOT_FOUND');
      await postSigned(stack.http, 'apm', integration, alertmanagerBody('x', 'firing')).expect(404);
      await postSigned(stack.http, 'metrics_alerts', { id: 'not-a-uuid', secret: 'x' }, {}).expect(404);
    });

    it('malformed JSON and a payload without alerts are 400 INVALID_PAYLOAD naming the field', async () => {
      const body = '{"alerts": [';
      const signature = (await import('../helpers/webhooks.ts')).signatureFor('metrics_alerts', integration.secret, body);
      const malformed = await stack.http
        .post(`/api/v1/webhooks/metrics_alerts/${integration.id}`)
        .set('Content-Type', 'application/json')
        .set(signature.name, signature.value)
        .send(body)
        .expect(400);
      expect(malformed.body.error.code).toBe('INVALID_PAYLOAD');
      const missing = await postSigned(stack.http, 'metrics_alerts', integration, { status: 'firing' }).expect(400);
      expect(missing.body.error).toMatchObject({ code: 'INVALID_PAYLOAD', details: { field: 'alerts' } });
    });

    it('a body over 1 MiB is 413 PAYLOAD_TOO_LARGE', async () => {
      const huge = alertmanagerBody('huge', 'firing', 'x'.repeat(1024 * 1024));
      const response = await postSigned(stack.http, 'metrics_alerts', integration, huge).expect(413);
      expect(response.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('a disabled integration is 409 INTEGRATION_DISABLED', async () => {
      const disabled = await createIntegration(stack.http, owner.token, 'apm');
      await stack.http.patch(`/api/v1/integrations/${disabled.id}`).set('Authorization', `Bearer ${owner.token}`).send({ enabled: false }).expect(200);
      const response = await postSigned(stack.http, 'apm', disabled, PLATFORM_SETUP.apm.example).expect(409);
      expect(response.body.error.code).toBe('INTEGRATION_DISABLED');
    });

    it('none of them reached the database', async () => {
      const rows = await stack.orm.em.fork().getConnection().execute(
        'select (select count(*)::int from alerts where organization_id = ?) as alerts, (select count(*)::int from incidents where organization_id = ?) as incidents',
        [owner.organization.id, owner.organization.id],
      );
      expect(rows[0]).toEqual({ alerts: 0, incidents: 0 });
    });
  });
});
