import { waitFor } from '../../dev/wait-for.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

type Incident = { id: string; title: string; severity: string; status: string; alert_count: number; fingerprint: string };
type TimelineEntry = { type: string; message: string; data: Record<string, unknown> };

let sent = 0;
/** A trigger as PagerDuty documents it; each call has its own timestamp (a new event, not a retry). */
function trigger(routingKey: string, dedupKey: string | undefined, summary = 'Disk full on db-1') {
  sent += 1;
  return {
    routing_key: routingKey,
    event_action: 'trigger',
    ...(dedupKey === undefined ? {} : { dedup_key: dedupKey }),
    payload: {
      summary,
      source: 'db-1.example.com',
      severity: 'critical',
      timestamp: new Date(Date.UTC(2026, 0, 1) + sent * 1000).toISOString(),
      component: 'postgres',
      group: 'prod-db',
      class: 'disk',
      custom_details: { free: '0%' },
    },
    links: [{ href: 'https://monitoring.example.com/db-1', text: 'Graph' }],
    client: 'Monitoring',
  };
}

describe('Events API v2 (integration: real PostgreSQL + Temporal + worker)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const pagerIntegration = async (token: string) => {
    const response = await stack.http
      .post('/api/v1/integrations')
      .set('Authorization', `Bearer ${token}`)
      .send({ name: 'PagerDuty senders', platform: 'pager' })
      .expect(201);
    return { id: response.body.data.id as string, routingKey: response.body.data.routing_key as string };
  };
  const incidents = async (token: string) =>
    (await stack.http.get('/api/v1/incidents?limit=100').set('Authorization', `Bearer ${token}`).expect(200)).body.data as Incident[];
  const waitForIncident = (token: string, done: (incident: Incident) => boolean, what: string) =>
    waitFor(what, async () => (await incidents(token)).find(done), { timeoutMs: 60_000, intervalMs: 200 });
  const timeline = async (token: string, id: string) =>
    (await stack.http.get(`/api/v1/incidents/${id}`).set('Authorization', `Bearer ${token}`).expect(200)).body.data
      .timeline as TimelineEntry[];

  it('trigger opens an incident, a second trigger joins it, acknowledge and resolve act on it, answered as PagerDuty does', async () => {
    const owner = await registerOwner(stack.http, 'events-v2');
    const integration = await pagerIntegration(owner.token);
    expect(integration.routingKey).toMatch(/^[0-9a-f]{64}$/);

    const first = await stack.http.post('/v2/enqueue').send(trigger(integration.routingKey, 'disk-full-db-1')).expect(202);
    expect(first.body).toEqual({ status: 'success', message: 'Event processed', dedup_key: 'disk-full-db-1' });
    const opened = await waitForIncident(owner.token, (item) => item.fingerprint === 'disk-full-db-1', 'the incident of the trigger');
    expect(opened).toMatchObject({ title: 'Disk full on db-1', severity: 'critical', status: 'active', alert_count: 1 });

    await stack.http.post('/v2/enqueue').send(trigger(integration.routingKey, 'disk-full-db-1')).expect(202);
    await waitForIncident(owner.token, (item) => item.id === opened.id && item.alert_count === 2, 'the duplicate trigger counted');
    expect((await incidents(owner.token)).filter((item) => item.fingerprint === 'disk-full-db-1')).toHaveLength(1);

    const ack = { routing_key: integration.routingKey, dedup_key: 'disk-full-db-1', event_action: 'acknowledge' };
    expect((await stack.http.post('/v2/enqueue').send(ack).expect(202)).body).toEqual({
      status: 'success',
      message: 'Event processed',
      dedup_key: 'disk-full-db-1',
    });
    await waitForIncident(owner.token, (item) => item.id === opened.id && item.status === 'investigating', 'the acknowledged incident');

    const resolve = { routing_key: integration.routingKey, dedup_key: 'disk-full-db-1', event_action: 'resolve' };
    await stack.http.post('/v2/enqueue').send(resolve).expect(202);
    await waitForIncident(owner.token, (item) => item.id === opened.id && item.status === 'resolved', 'the resolved incident');
  });

  it('a trigger without dedup_key gets one generated and answered; the integration-scoped path works the same', async () => {
    const owner = await registerOwner(stack.http, 'events-v2-generated');
    const integration = await pagerIntegration(owner.token);
    const response = await stack.http
      .post(`/api/v1/webhooks/pager/${integration.id}/v2/enqueue`)
      .send(trigger(integration.routingKey, undefined, 'Generated key'))
      .expect(202);
    const dedupKey = response.body.dedup_key as string;
    expect(dedupKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitForIncident(owner.token, (item) => item.fingerprint === dedupKey && item.title === 'Generated key', 'the incident');
    // A dedup key with characters a workflow id cannot hold still resolves its own incident.
    const odd = 'host db/1: disk "full"';
    await stack.http
      .post('/v2/enqueue')
      .send(trigger(integration.routingKey, odd, 'Odd key'))
      .expect(202);
    const incident = await waitForIncident(owner.token, (item) => item.title === 'Odd key', 'the odd-key incident');
    await stack.http.post('/v2/enqueue').send({ routing_key: integration.routingKey, dedup_key: odd, event_action: 'resolve' }).expect(202);
    await waitForIncident(owner.token, (item) => item.id === incident.id && item.status === 'resolved', 'the odd key resolved');
  });

  it('a bad routing key and a bad body are answered 400 "invalid event" as PagerDuty does, and open nothing', async () => {
    const owner = await registerOwner(stack.http, 'events-v2-bad');
    const integration = await pagerIntegration(owner.token);
    const other = await pagerIntegration((await registerOwner(stack.http, 'events-v2-other')).token);
    const invalid = (errors: string[]) => ({ status: 'invalid event', message: 'Event object is invalid', errors });

    const wrongMac = `${integration.routingKey.slice(0, 32)}${'0'.repeat(32)}`;
    for (const routingKey of [wrongMac, 'R0123456789abcdef0123456789abcde', other.routingKey.toUpperCase().replace(/./, 'x')]) {
      const response = await stack.http.post('/v2/enqueue').send(trigger(routingKey, 'k')).expect(400);
      expect(response.body).toEqual(invalid(['Invalid routing key']));
    }
    // Another integration's key on this integration's path.
    const scoped = await stack.http
      .post(`/api/v1/webhooks/pager/${integration.id}/v2/enqueue`)
      .send(trigger(other.routingKey, 'k'))
      .expect(400);
    expect(scoped.body).toEqual(invalid(['Invalid routing key']));

    const noSummary = trigger(integration.routingKey, 'k');
    const bad = { ...noSummary, event_action: 'trigger', payload: { ...noSummary.payload, summary: '', severity: 'urgent' } };
    expect((await stack.http.post('/v2/enqueue').send(bad).expect(400)).body).toEqual(
      invalid(["'payload.summary' is missing or blank", "'payload.severity' is invalid (must be one of: critical, error, warning, info)"]),
    );
    const noAction = await stack.http.post('/v2/enqueue').send({ routing_key: integration.routingKey, dedup_key: 'k' }).expect(400);
    expect(noAction.body).toEqual(invalid(["'event_action' is invalid (must be one of: trigger, acknowledge, resolve)"]));
    const notJson = await stack.http.post('/v2/enqueue').set('Content-Type', 'application/json').send('{"routing_key": ').expect(400);
    expect(notJson.body).toEqual(invalid(['Request body is not valid JSON']));
    expect(await incidents(owner.token)).toEqual([]);
  });

  it('a change event is written on the timeline of the open incidents of its integration', async () => {
    const owner = await registerOwner(stack.http, 'events-v2-change');
    const integration = await pagerIntegration(owner.token);
    await stack.http.post('/v2/enqueue').send(trigger(integration.routingKey, 'change-target')).expect(202);
    const incident = await waitForIncident(owner.token, (item) => item.fingerprint === 'change-target', 'the open incident');
    const change = {
      routing_key: integration.routingKey,
      payload: { summary: 'Deployed api v42', source: 'ci', custom_details: { build: 42 } },
      links: [{ href: 'https://ci.example.com/42', text: 'Build' }],
    };
    expect((await stack.http.post('/v2/change/enqueue').send(change).expect(202)).body).toEqual({
      status: 'success',
      message: 'Change event processed',
    });
    const entry = (await timeline(owner.token, incident.id)).find((item) => item.type === 'change_event');
    expect(entry).toMatchObject({
      message: 'Change: Deployed api v42',
      data: {
        summary: 'Deployed api v42',
        source: 'ci',
        custom_details: { build: 42 },
        links: [{ href: 'https://ci.example.com/42', text: 'Build' }],
      },
    });
  });
});

describe('Events API v2 rate limit (integration: real PostgreSQL + Temporal)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ env: { RATE_LIMIT_WEBHOOK_PER_HOUR: '2' } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("past the integration's quota the answer is 429 with Retry-After, which senders retry, and nothing is queued", async () => {
    const owner = await registerOwner(stack.http, 'events-v2-quota');
    const created = await stack.http
      .post('/api/v1/integrations')
      .set('Authorization', `Bearer ${owner.token}`)
      .send({ name: 'PagerDuty senders', platform: 'pager' })
      .expect(201);
    const routingKey = created.body.data.routing_key as string;
    for (const key of ['q-1', 'q-2']) await stack.http.post('/v2/enqueue').send(trigger(routingKey, key)).expect(202);
    const refused = await stack.http.post('/v2/enqueue').send(trigger(routingKey, 'q-3'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
