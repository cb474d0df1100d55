import { randomUUID } from 'node:crypto';
import { waitFor } from '../../dev/wait-for.ts';
import { startReceiver } from '../helpers/receiver.ts';
import { outboxRelayed } from '../helpers/outbox.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { alertmanagerBody, postSigned } from '../helpers/webhooks.ts';

type Delivery = {
  attempt: number;
  success: boolean;
  status_code: number | null;
  error: string | null;
  final: boolean;
  event_id: string;
  created_at: string;
};

async function createSubscribedIntegration(stack: TestStack, token: string, webhookConfig: Record<string, unknown>) {
  const secret = `secret-${randomUUID()}`;
  const response = await stack.http
    .post('/api/v1/integrations')
    .set('Authorization', `Bearer ${token}`)
    .send({ name: 'outbound', platform: 'metrics_alerts', secret, webhook_config: webhookConfig })
    .expect(201);
  return { id: response.body.data.id as string, secret };
}

const deliveriesOf = async (stack: TestStack, token: string, integrationId: string) => {
  const response = await stack.http
    .get(`/api/v1/integrations/${integrationId}/deliveries?limit=100`)
    .set('Authorization', `Bearer ${token}`)
    .expect(200);
  return response.body.data as Delivery[];
};

const createIncident = (stack: TestStack, token: string, title: string, severity = 'low') =>
  stack.http.post('/api/v1/incidents').set('Authorization', `Bearer ${token}`).send({ title, severity }).expect(201);

describe('outbound webhook delivery (real PostgreSQL + Temporal + worker + outbox relay)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ worker: true, env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('an incident raised over a webhook reaches the receiver with the rendered template and headers', async () => {
    const receiver = await startReceiver();
    try {
      const owner = await registerOwner(stack.http, 'deliver');
      const integration = await createSubscribedIntegration(stack, owner.token, {
        url: `${receiver.url}/hook?x=1`,
        method: 'PUT',
        headers: { Authorization: 'Bearer {{integration.secret}}', 'X-Incident': '{{incident.id}}' },
        events: ['incident.created'],
        template: {
          text: '[{{incident.severity}}] {{ incident.title }} is {{incident.status}}',
          nested: {
            id: '{{incident.id}}',
            secret: '{{integration.secret}}',
            unknown: '{{incident.__proto__}}{{constructor}}',
            list: ['{{incident.status}}', 7, true, null],
          },
          count: 3,
        },
      });
      const title = 'db "primary" \\ down {{incident.id}}';
      await postSigned(
        stack.http,
        'metrics_alerts',
        integration,
        alertmanagerBody(`fp${randomUUID().slice(0, 8)}`, 'firing', title),
      ).expect(200);

      const request = await waitFor('the delivery', async () => receiver.requests[0], { timeoutMs: 60_000, intervalMs: 100 });
      const incidents = await stack.http.get('/api/v1/incidents').set('Authorization', `Bearer ${owner.token}`).expect(200);
      const incident = incidents.body.data[0] as { id: string };
      expect(request.method).toBe('PUT');
      expect(request.url).toBe('/hook?x=1');
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers.authorization).toBe(`Bearer ${integration.secret}`);
      expect(request.headers['x-incident']).toBe(incident.id);
      // Values are JSON-escaped; a placeholder inside a value is not rendered again; the secret is headers-only.
      expect(JSON.parse(request.body)).toEqual({
        text: `[critical] ${title} is active`,
        nested: { id: incident.id, secret: '', unknown: '', list: ['active', 7, true, null] },
        count: 3,
      });

      const deliveries = await waitFor(
        'the recorded attempt',
        async () => {
          const rows = await deliveriesOf(stack, owner.token, integration.id);
          return rows.some((row) => row.final) ? rows : undefined;
        },
        { timeoutMs: 20_000, intervalMs: 100 },
      );
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]).toMatchObject({ attempt: 1, success: true, status_code: 200, error: null, final: true });
      expect(receiver.requests).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('a failing receiver is tried 3 times, about 1 s and then 2 s apart, and every attempt is recorded', async () => {
    const receiver = await startReceiver(() => 503);
    try {
      const owner = await registerOwner(stack.http, 'retry');
      const integration = await createSubscribedIntegration(stack, owner.token, { url: receiver.url, events: ['incident.created'] });
      await createIncident(stack, owner.token, 'flaky receiver');
      const deliveries = await waitFor(
        'three recorded attempts',
        async () => {
          const rows = await deliveriesOf(stack, owner.token, integration.id);
          return rows.some((row) => row.final) ? rows : undefined;
        },
        { timeoutMs: 60_000, intervalMs: 200 },
      );
      expect(receiver.requests).toHaveLength(3);
      const [first, second, third] = receiver.requests.map((request) => request.at) as [number, number, number];
      expect(second - first).toBeGreaterThanOrEqual(900);
      expect(third - second).toBeGreaterThanOrEqual(1900);
      // The wait doubles (a task's dispatch, late on a loaded machine, adds to both); and no attempt waits for long.
      expect(third - second - (second - first)).toBeGreaterThan(500);
      expect(third - second).toBeLessThan(8000);
      expect(deliveries.map((row) => row.attempt).sort()).toEqual([1, 2, 3]);
      expect(deliveries.every((row) => !row.success && row.status_code === 503)).toBe(true);
      expect(deliveries.filter((row) => row.final).map((row) => row.attempt)).toEqual([3]);
      const detail = await stack.http
        .get(`/api/v1/integrations/${integration.id}`)
        .set('Authorization', `Bearer ${owner.token}`)
        .expect(200);
      expect(detail.body.data.enabled).toBe(true);
      const [row] = await stack.orm.em
        .fork()
        .execute<Array<{ consecutive_failures: number }>>('select consecutive_failures from integrations where id = ?', [integration.id]);
      expect(row?.consecutive_failures).toBe(1);
    } finally {
      await receiver.close();
    }
  });

  it('10 failed deliveries in a row pause deliveries, never inbound webhooks; a 4xx answer is not retried; resuming works', async () => {
    const receiver = await startReceiver(() => 400);
    try {
      const owner = await registerOwner(stack.http, 'pause');
      const auth = { Authorization: `Bearer ${owner.token}` };
      const integration = await createSubscribedIntegration(stack, owner.token, { url: receiver.url, events: ['incident.created'] });
      for (let i = 0; i < 10; i += 1) await createIncident(stack, owner.token, `rejected ${i}`);
      const detail = await waitFor(
        'the deliveries paused',
        async () => {
          const response = await stack.http.get(`/api/v1/integrations/${integration.id}`).set(auth).expect(200);
          return response.body.data.outbound_paused === true ? response.body.data : undefined;
        },
        { timeoutMs: 60_000, intervalMs: 200 },
      );
      expect(detail).toMatchObject({ enabled: true, status: 'error', outbound_paused: true, deliveries_paused_at: expect.any(String) });
      const deliveries = await deliveriesOf(stack, owner.token, integration.id);
      expect(deliveries).toHaveLength(10);
      expect(deliveries.every((row) => row.attempt === 1 && row.final && row.status_code === 400)).toBe(true);
      expect(receiver.requests).toHaveLength(10);

      // Inbound keeps working: the sender's alert is accepted and opens an incident.
      const title = `still alerting ${randomUUID()}`;
      await postSigned(
        stack.http,
        'metrics_alerts',
        integration,
        alertmanagerBody(`fp${randomUUID().slice(0, 8)}`, 'firing', title),
      ).expect(200);
      await waitFor(
        'the incident the alert opened',
        async () => {
          const incidents = await stack.http.get('/api/v1/incidents?limit=100').set(auth).expect(200);
          return (incidents.body.data as Array<{ title: string }>).find((incident) => incident.title.includes(title));
        },
        { timeoutMs: 60_000, intervalMs: 200 },
      );
      // Paused: that incident is not delivered, and an alert arriving does not hide the pause.
      const afterAlert = await waitFor(
        'the alert noted on the integration',
        async () => {
          const response = await stack.http.get(`/api/v1/integrations/${integration.id}`).set(auth).expect(200);
          return response.body.data.last_alert_at ? response.body.data : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 200 },
      );
      expect(afterAlert).toMatchObject({ enabled: true, outbound_paused: true, status: 'error' });
      expect(receiver.requests).toHaveLength(10);

      // Resuming (audited like every write) sends the next event.
      receiver.setStatus(() => 204);
      const resumed = await stack.http
        .patch(`/api/v1/integrations/${integration.id}`)
        .set(auth)
        .send({ outbound_paused: false })
        .expect(200);
      expect(resumed.body.data).toMatchObject({ enabled: true, outbound_paused: false, deliveries_paused_at: null });
      expect(resumed.body.data.status).not.toBe('error');
      await waitFor(
        'the audit event of resuming',
        async () => {
          const audit = await stack.http.get('/api/v1/audit?limit=100').set(auth).expect(200);
          return (audit.body.data as Array<{ action: string; target_id: string | null }>).find(
            (event) => event.action === 'updateIntegration' && event.target_id === integration.id,
          );
        },
        { timeoutMs: 10_000, intervalMs: 100 },
      );
      await createIncident(stack, owner.token, 'after resume');
      await waitFor('the delivery after resuming', async () => (receiver.requests.length === 11 ? true : undefined), {
        timeoutMs: 60_000,
        intervalMs: 100,
      });
    } finally {
      await receiver.close();
    }
  });

  it('a success resets the consecutive failure count', async () => {
    const receiver = await startReceiver(() => 422);
    try {
      const owner = await registerOwner(stack.http, 'reset');
      const integration = await createSubscribedIntegration(stack, owner.token, { url: receiver.url, events: ['incident.created'] });
      const failures = async () =>
        (
          await stack.orm.em
            .fork()
            .execute<Array<{ n: number }>>('select consecutive_failures as n from integrations where id = ?', [integration.id])
        )[0]?.n;
      await createIncident(stack, owner.token, 'one');
      await createIncident(stack, owner.token, 'two');
      await waitFor('two failures counted', async () => ((await failures()) === 2 ? true : undefined), {
        timeoutMs: 30_000,
        intervalMs: 100,
      });
      receiver.setStatus(() => 204);
      await createIncident(stack, owner.token, 'three');
      await waitFor('the count reset', async () => ((await failures()) === 0 ? true : undefined), { timeoutMs: 30_000, intervalMs: 100 });
    } finally {
      await receiver.close();
    }
  });

  it('relaying the same events again (as after a crash before commit) neither delivers nor notifies twice', async () => {
    const receiver = await startReceiver();
    try {
      const owner = await registerOwner(stack.http, 'replay');
      const integration = await createSubscribedIntegration(stack, owner.token, { url: receiver.url, events: ['incident.created'] });
      await createIncident(stack, owner.token, 'once only', 'critical');
      await waitFor(
        'the delivery',
        async () => ((await deliveriesOf(stack, owner.token, integration.id)).some((row) => row.final) ? true : undefined),
        { timeoutMs: 30_000, intervalMs: 100 },
      );
      const count = async (sql: string) => (await stack.orm.em.fork().execute<Array<{ n: number }>>(sql, [owner.organization.id]))[0]?.n;
      // The relay starts the delivery inside its batch's transaction: the delivery can end before
      // that batch (and its notification) commits.
      await outboxRelayed(stack, 'the batch committed');
      const notifications = await count('select count(*)::int as n from notifications where organization_id = ?');
      expect(notifications).toBe(1);

      await stack.orm.em.fork().execute('update domain_events set dispatched_at = null where organization_id = ?', [owner.organization.id]);
      await outboxRelayed(stack, 'the events relayed again');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(receiver.requests).toHaveLength(1);
      expect(await deliveriesOf(stack, owner.token, integration.id)).toHaveLength(1);
      expect(await count('select count(*)::int as n from notifications where organization_id = ?')).toBe(1);
    } finally {
      await receiver.close();
    }
  });

  it("deliveries of another organization's integration answer 404", async () => {
    const owner = await registerOwner(stack.http, 'mine');
    const other = await registerOwner(stack.http, 'theirs');
    const integration = await createSubscribedIntegration(stack, owner.token, {
      url: 'http://127.0.0.1:9/',
      events: ['incident.resolved'],
    });
    await stack.http.get(`/api/v1/integrations/${integration.id}/deliveries`).set('Authorization', `Bearer ${other.token}`).expect(404);
    await stack.http.get(`/api/v1/integrations/${integration.id}/deliveries`).set('Authorization', `Bearer ${owner.token}`).expect(200);
  });
});

describe('outbound webhook delivery with OUTBOUND_ALLOW_PRIVATE=false', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ worker: true, env: { OUTBOUND_ALLOW_PRIVATE: 'false' } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('refuses a loopback target once, without retrying, and records why', async () => {
    const receiver = await startReceiver();
    try {
      const owner = await registerOwner(stack.http, 'ssrf');
      const integration = await createSubscribedIntegration(stack, owner.token, {
        url: `${receiver.url}/internal`,
        events: ['incident.created'],
      });
      await createIncident(stack, owner.token, 'try to reach loopback');
      const deliveries = await waitFor(
        'the refused attempt',
        async () => {
          const rows = await deliveriesOf(stack, owner.token, integration.id);
          return rows.some((row) => row.final) ? rows : undefined;
        },
        { timeoutMs: 60_000, intervalMs: 200 },
      );
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]).toMatchObject({ attempt: 1, success: false, status_code: null });
      expect(deliveries[0]?.error).toMatch(/Refused outbound request.*127\.0\.0\.1.*loopback/);
      expect(receiver.requests).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
});
