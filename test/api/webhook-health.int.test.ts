import { Client, Connection } from '@temporalio/client';
import supertest from 'supertest';
import { createApp } from '../../api/app.ts';
import { buildAppDeps } from '../../api/deps.ts';
import { createWebhookHealth } from '../../api/services/webhook-health.ts';
import { freePort } from '../../shared/net/free-port.ts';
import { PLATFORMS } from '../../shared/domain/alert.ts';
import { createLogger } from '../../shared/logger.ts';
import { isTemporalReachable } from '../../shared/temporal/client.ts';
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

  it('is healthy with Temporal up and no failing integration, without a credential', async () => {
    const { body } = await stack.http.get('/api/v1/webhooks/health').expect(200);
    expect(body).toEqual({ status: 'healthy', endpoints: allOk, temporal: 'ok' });
  });

  it('marks a platform degraded while an enabled integration of it is failing, and only by platform', async () => {
    const owner = await registerOwner(stack.http, 'health');
    const created = await stack.http
      .post('/api/v1/integrations')
      .set(bearer(owner.token))
      .send({ name: 'APM prod', platform: 'apm' })
      .expect(201);
    const connection = stack.orm.em.fork().getConnection();
    // What three failed outbound deliveries in a row leave behind.
    await connection.execute('update integrations set consecutive_failures = 3 where id = ?', [created.body.data.id]);
    const degraded = await stack.http.get('/api/v1/webhooks/health').expect(200);
    expect(degraded.body).toEqual({ status: 'degraded', endpoints: { ...allOk, apm: 'degraded' }, temporal: 'ok' });
    expect(JSON.stringify(degraded.body)).not.toContain(created.body.data.id);
    expect(JSON.stringify(degraded.body)).not.toContain(owner.organization.id);

    // A disabled integration is nobody's endpoint any more.
    await stack.http.patch(`/api/v1/integrations/${created.body.data.id}`).set(bearer(owner.token)).send({ enabled: false }).expect(200);
    expect((await stack.http.get('/api/v1/webhooks/health').expect(200)).body.status).toBe('healthy');
  });

  it('reports Temporal down, and every endpoint degraded, when Temporal does not answer', async () => {
    const deps = buildAppDeps(stack.config, createLogger({ name: 'tocsin-test', level: 'silent' }), {
      orm: stack.orm,
      temporal: stack.temporal,
      jwtSecret: stack.config.JWT_SECRET as string,
      encryptionKey: stack.config.ENCRYPTION_KEY as string,
    });
    // A real client pointed at a port nobody listens on; no retry interceptor, so nothing retries after close.
    const nowhere = new Client({ connection: Connection.lazy({ address: `127.0.0.1:${await freePort()}`, interceptors: [] }) });
    deps.services.webhookHealth = createWebhookHealth({
      em: () => stack.orm.em,
      temporalReachable: () => isTemporalReachable(nowhere, 'default'),
    });
    const { body } = await supertest(createApp(deps).callback()).get('/api/v1/webhooks/health').expect(200);
    expect(body).toEqual({
      status: 'degraded',
      endpoints: Object.fromEntries(PLATFORMS.map((platform) => [platform, 'degraded'])),
      temporal: 'down',
    });
    await nowhere.connection.close();
  });
});
