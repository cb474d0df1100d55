import { Client, Connection } from '@temporalio/client';
import { createWebhookHealth } from '../../api/services/webhook-health.ts';
import { createIntegrationHealthStore } from '../../shared/db/access/integrations.ts';
import { freePort } from '../../shared/net/free-port.ts';
import { PLATFORMS } from '../../shared/domain/alert.ts';
import { isTemporalReachable } from '../../shared/temporal/client.ts';
import { appDepsOver, httpOf } from '../helpers/app-deps.ts';
import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

const allOk = Object.fromEntries(PLATFORMS.map((platform) => [platform, 'ok']));

describe('GET /webhooks/health (integration: real PostgreSQL and Temporal)', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const appDeps = () => appDepsOver(stack);

  it('is healthy with Temporal up and no failing integration, without a credential', async () => {
    const { body } = await stack.http.get('/api/v1/webhooks/health').expect(200);
    expect(body).toEqual({ status: 'healthy', endpoints: allOk, temporal: 'ok' });
  });

  it("never tells from one tenant's failing integration: the public health stays healthy, only that organization's view degrades", async () => {
    const owner = await registerOwner(stack.http, 'health');
    const bystander = await registerOwner(stack.http, 'health-bystander');
    const created = await stack.http
      .post('/api/v1/integrations')
      .set(bearer(owner.token))
      .send({ name: 'APM prod', platform: 'apm' })
      .expect(201);
    const connection = stack.orm.em.fork().getConnection();
    // What three failed outbound deliveries in a row leave behind.
    await connection.execute('update integrations set consecutive_failures = 3 where id = ?', [created.body.data.id]);
    const own = async (token: string) => (await stack.http.get('/api/v1/integrations/health').set(bearer(token)).expect(200)).body.data;
    expect(await own(owner.token)).toEqual({ status: 'degraded', endpoints: { ...allOk, apm: 'degraded' }, temporal: 'ok' });
    expect(await own(bystander.token)).toEqual({ status: 'healthy', endpoints: allOk, temporal: 'ok' });
    // A fresh report (none cached from before the failure) says nothing of that tenant either.
    const deps = appDeps();
    deps.services.webhookHealth = createWebhookHealth({
      integrations: () => createIntegrationHealthStore(stack.orm.em.fork()),
      temporalReachable: () => isTemporalReachable(stack.temporal.client, 'default'),
      maxAgeMs: 0,
    });
    const { body } = await httpOf(deps).get('/api/v1/webhooks/health').expect(200);
    expect(body).toEqual({ status: 'healthy', endpoints: allOk, temporal: 'ok' });

    // The organization's view needs a credential holding integrations:read.
    await stack.http.get('/api/v1/integrations/health').expect(401);
    // A disabled integration is nobody's endpoint any more.
    await stack.http.patch(`/api/v1/integrations/${created.body.data.id}`).set(bearer(owner.token)).send({ enabled: false }).expect(200);
    expect(await own(owner.token)).toEqual({ status: 'healthy', endpoints: allOk, temporal: 'ok' });
  });

  it('answers a flood of requests with one check per report age, concurrent ones included', async () => {
    let temporalChecks = 0;
    const deps = appDeps();
    deps.services.webhookHealth = createWebhookHealth({
      integrations: () => createIntegrationHealthStore(stack.orm.em.fork()),
      temporalReachable: () => {
        temporalChecks += 1;
        return isTemporalReachable(stack.temporal.client, 'default');
      },
      maxAgeMs: 60_000,
    });
    const app = httpOf(deps);
    const concurrent = await Promise.all(Array.from({ length: 20 }, () => app.get('/api/v1/webhooks/health').expect(200)));
    for (let i = 0; i < 20; i += 1) await app.get('/api/v1/webhooks/health').expect(200);
    expect(new Set(concurrent.map((response) => JSON.stringify(response.body)))).toEqual(
      new Set([JSON.stringify({ status: 'healthy', endpoints: allOk, temporal: 'ok' })]),
    );
    expect(temporalChecks).toBe(1);
  });

  it('reports Temporal down, and every endpoint degraded, when Temporal does not answer', async () => {
    const deps = appDeps();
    // A real client pointed at a port nobody listens on; no retry interceptor, so nothing retries after close.
    const nowhere = new Client({ connection: Connection.lazy({ address: `127.0.0.1:${await freePort()}`, interceptors: [] }) });
    deps.services.webhookHealth = createWebhookHealth({
      integrations: () => createIntegrationHealthStore(stack.orm.em.fork()),
      temporalReachable: () => isTemporalReachable(nowhere, 'default'),
    });
    const { body } = await httpOf(deps).get('/api/v1/webhooks/health').expect(200);
    expect(body).toEqual({
      status: 'degraded',
      endpoints: Object.fromEntries(PLATFORMS.map((platform) => [platform, 'degraded'])),
      temporal: 'down',
    });
    await nowhere.connection.close();
  });
});
