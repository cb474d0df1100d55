import { randomBytes, randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { createApp } from '../../api/app.ts';
import { buildAppDeps } from '../../api/deps.ts';
import { parseConfig } from '../../shared/config.ts';
import { openOrm, runMigrations, type Orm } from '../../shared/db/orm.ts';
import { waitFor } from '../../shared/dev/wait-for.ts';
import { createLogger } from '../../shared/logger.ts';
import { connectTemporal, type TemporalClient } from '../../shared/temporal/client.ts';
import { startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres.ts';
import { registerOwner } from '../helpers/stack.ts';
import { TEST_ENV } from '../helpers/test-services.ts';
import { alertmanagerBody, createIntegration, postSigned } from '../helpers/webhooks.ts';

describe('API while PostgreSQL is down (integration: a private PostgreSQL the test stops and restarts, real Temporal)', () => {
  let postgres: PrivatePostgres;
  let orm: Orm;
  let temporal: TemporalClient;
  let http: ReturnType<typeof supertest>;

  beforeAll(async () => {
    postgres = await startPrivatePostgres('outage_test');
    const config = parseConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: postgres.url,
      TEMPORAL_ADDRESS: process.env[TEST_ENV.temporalAddress],
      TEMPORAL_TASK_QUEUE: `test-${randomUUID()}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    });
    orm = await openOrm({ databaseUrl: postgres.url, poolMax: 3, acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS });
    await runMigrations(orm, postgres.url);
    temporal = await connectTemporal({ address: config.TEMPORAL_ADDRESS as string, namespace: config.TEMPORAL_NAMESPACE, taskQueue: config.TEMPORAL_TASK_QUEUE });
    const logger = createLogger({ name: 'tocsin-test', level: 'silent' });
    http = supertest(createApp(buildAppDeps(config, logger, { orm, temporal, jwtSecret: config.JWT_SECRET as string, encryptionKey: config.ENCRYPTION_KEY as string })).callback());
  });
  afterAll(async () => {
    await temporal?.close();
    await orm?.close();
    await postgres?.close();
  });

  it('answers 503 with Retry-After (not 500) while it is down, and serves again once it is back', async () => {
    const owner = await registerOwner(http, 'outage');
    const auth = { Authorization: `Bearer ${owner.token}` };
    const integration = await createIntegration(http, owner.token, 'metrics_alerts');
    await http.get('/api/v1/incidents').set(auth).expect(200);

    await postgres.stop();
    const whileDown = {
      'an authenticated read': await http.get('/api/v1/incidents').set(auth),
      'a login': await http.post('/api/v1/auth/login').send({ email: owner.email, password: owner.password }),
      // An integration this process has not cached yet: the webhook has to read it from PostgreSQL.
      'a webhook': await postSigned(http, 'metrics_alerts', { id: randomUUID(), secret: integration.secret }, alertmanagerBody('fp-1', 'firing')),
    };
    for (const [what, response] of Object.entries(whileDown)) {
      expect({ what, status: response.status, code: response.body.code, retryAfter: response.headers['retry-after'] })
        .toEqual({ what, status: 503, code: 'SERVICE_UNAVAILABLE', retryAfter: '5' });
    }
    const readiness = await http.get('/readyz');
    expect(readiness.status).toBe(503);
    expect(readiness.body.checks).toMatchObject({ database: 'unavailable', temporal: 'ok' });

    await postgres.start();
    await waitFor('the API reads from PostgreSQL again', async () => {
      const response = await http.get('/api/v1/incidents').set(auth);
      return response.status === 200 ? response : undefined;
    }, { timeoutMs: 30_000 });
    await http.post('/api/v1/auth/login').send({ email: owner.email, password: owner.password }).expect(200);
    await http.get('/readyz').expect(200);
  });
});
