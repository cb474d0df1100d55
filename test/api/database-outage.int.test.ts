import { randomBytes, randomUUID } from 'node:crypto';
import { NativeConnection } from '@temporalio/worker';
import supertest from 'supertest';
import { createApp } from '../../api/app.ts';
import { buildAppDeps } from '../../api/deps.ts';
import { createIntegrationLookup } from '../../api/services/integration-lookup.ts';
import { createIntegrationCredentialsStore } from '../../shared/db/access/integrations.ts';
import { createWebhookIngestService } from '../../api/services/webhook-ingest.service.ts';
import { parseConfig, type Config } from '../../shared/config.ts';
import { createSecretBox } from '../../shared/crypto/secret-box.ts';
import { openOrm, runMigrations, type Orm } from '../../shared/db/orm.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { createLogger } from '../../shared/logger.ts';
import { connectTemporal, type TemporalClient } from '../../shared/temporal/client.ts';
import { startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres.ts';
import { installQuietTemporalRuntime } from '../helpers/quiet-temporal-runtime.ts';
import { registerOwner } from '../helpers/stack.ts';
import { TEST_ENV } from '../helpers/test-services.ts';
import { createWorkerRuntime } from '../../worker/runtime.ts';
import { alertmanagerBody, createIntegration, postSigned } from '../helpers/webhooks.ts';

/** An API's parts on a private PostgreSQL (migrated) and the shared Temporal, with a task queue of its own. */
async function openOnPrivatePostgres(name: string) {
  const postgres = await startPrivatePostgres(name);
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: postgres.url,
    TEMPORAL_ADDRESS: process.env[TEST_ENV.temporalAddress],
    TEMPORAL_TASK_QUEUE: `test-${randomUUID()}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  });
  const orm = await openOrm({ databaseUrl: postgres.url, poolMax: 3, acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS });
  await runMigrations(orm, postgres.url);
  const temporal = await connectTemporal({
    address: config.TEMPORAL_ADDRESS as string,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
  });
  const logger = createLogger({ name: 'tocsin-test', level: 'silent' });
  const keys = { jwtSecret: config.JWT_SECRET as string, encryptionKey: config.ENCRYPTION_KEY as string };
  return { postgres, config, orm, temporal, logger, keys };
}

describe('API while PostgreSQL is down (integration: a private PostgreSQL the test stops and restarts, real Temporal)', () => {
  let postgres: PrivatePostgres;
  let orm: Orm;
  let temporal: TemporalClient;
  let http: ReturnType<typeof supertest>;

  beforeAll(async () => {
    const opened = await openOnPrivatePostgres('outage_test');
    ({ postgres, orm, temporal } = opened);
    http = supertest(createApp(buildAppDeps(opened.config, opened.logger, { orm, temporal, ...opened.keys })).callback());
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
      'a webhook': await postSigned(
        http,
        'metrics_alerts',
        { id: randomUUID(), secret: integration.secret },
        alertmanagerBody('fp-1', 'firing'),
      ),
    };
    for (const [what, response] of Object.entries(whileDown)) {
      expect({ what, status: response.status, code: response.body.code, retryAfter: response.headers['retry-after'] }).toEqual({
        what,
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        retryAfter: '5',
      });
    }
    const readiness = await http.get('/readyz');
    expect(readiness.status).toBe(503);
    expect(readiness.body.checks).toMatchObject({ database: 'unavailable', temporal: 'ok' });

    await postgres.start();
    await waitFor(
      'the API reads from PostgreSQL again',
      async () => {
        const response = await http.get('/api/v1/incidents').set(auth);
        return response.status === 200 ? response : undefined;
      },
      { timeoutMs: 30_000 },
    );
    await http.post('/api/v1/auth/login').send({ email: owner.email, password: owner.password }).expect(200);
    await http.get('/readyz').expect(200);
  });
});

describe('webhooks while PostgreSQL is down', () => {
  let postgres: PrivatePostgres;
  let orm: Orm;
  let temporal: TemporalClient;
  let http: ReturnType<typeof supertest>;
  let webhookHttp: ReturnType<typeof supertest>;
  let config: Config;
  // The integration lookup's clock, which the test moves past the stale limit.
  let clock = Date.now();

  beforeAll(async () => {
    const opened = await openOnPrivatePostgres('outage_webhooks');
    ({ postgres, config, orm, temporal } = opened);
    const { logger, keys } = opened;
    http = supertest(createApp(buildAppDeps(config, logger, { orm, temporal, ...keys })).callback());
    // As built for production, except that the lookup re-reads on every webhook (no 10 s TTL to
    // wait out) on a clock the test moves: what it serves during the outage is the stale entry.
    const deps = buildAppDeps(config, logger, { orm, temporal, ...keys });
    const integrations = createIntegrationLookup({
      integrations: () => createIntegrationCredentialsStore(orm.em.fork()),
      secretBox: createSecretBox(keys.encryptionKey),
      ttlMs: 0,
      staleForMs: 15 * 60_000,
      now: () => clock,
    });
    deps.services.webhooks = createWebhookIngestService({
      credentials: () => createIntegrationCredentialsStore(orm.em.fork()),
      temporal,
      integrations,
    });
    webhookHttp = supertest(createApp(deps).callback());
  });
  afterAll(async () => {
    await temporal?.close();
    await orm?.close();
    await postgres?.close();
  });

  it('accepts signed webhooks of a known integration into Temporal, and applies them once PostgreSQL is back', async () => {
    installQuietTemporalRuntime();
    const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS as string });
    const runtime = await createWorkerRuntime(config, {
      orm,
      connection,
      temporal: temporal.client,
      encryptionKey: config.ENCRYPTION_KEY as string,
      logger: createLogger({ name: 'tocsin-test', level: 'silent' }),
    });
    void runtime.run();
    try {
      const owner = await registerOwner(http, 'outage-webhooks');
      const auth = { Authorization: `Bearer ${owner.token}` };
      const integration = await createIntegration(http, owner.token, 'metrics_alerts');
      const fingerprint = `out${randomUUID().slice(0, 8)}`;
      const alertCount = async () => {
        const response = await http.get('/api/v1/incidents').set(auth);
        return response.status === 200
          ? (response.body.data as Array<{ alert_count: number }>).map((incident) => incident.alert_count)
          : undefined;
      };
      await postSigned(webhookHttp, 'metrics_alerts', integration, alertmanagerBody(fingerprint, 'firing', 'before')).expect(200);
      await waitFor('the first alert applied', async () => ((await alertCount())?.[0] === 1 ? true : undefined), { timeoutMs: 60_000 });

      await postgres.stop();
      const during = await postSigned(webhookHttp, 'metrics_alerts', integration, alertmanagerBody(fingerprint, 'firing', 'during'));
      expect({ status: during.status, processing: during.body.data?.processing_status }).toEqual({ status: 200, processing: 'queued' });
      // Past the stale limit, the webhook path fails closed like everything else.
      clock += 15 * 60_000 + 1000;
      const tooLate = await postSigned(webhookHttp, 'metrics_alerts', integration, alertmanagerBody(fingerprint, 'firing', 'too late'));
      expect({ status: tooLate.status, code: tooLate.body.code, retryAfter: tooLate.headers['retry-after'] }).toEqual({
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        retryAfter: '5',
      });
      // Everything else still answers 503.
      expect((await http.get('/api/v1/incidents').set(auth)).status).toBe(503);

      await postgres.start();
      await waitFor('the alert held in Temporal applied', async () => ((await alertCount())?.[0] === 2 ? true : undefined), {
        timeoutMs: 120_000,
        intervalMs: 500,
      });
      const rows = await orm.em
        .fork()
        .getConnection()
        .execute<Array<{ summary: string }>>(
          `select raw->'annotations'->>'summary' as summary from alerts where integration_id = ? order by received_at`,
          [integration.id],
        );
      expect(rows.map((row) => row.summary)).toEqual(['before', 'during']);
    } finally {
      await runtime.stop();
      await connection.close();
    }
  });
});
