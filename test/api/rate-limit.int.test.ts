import type { Response } from 'supertest';
import type supertest from 'supertest';
import { startRequestCaches, type RequestCaches } from '../../api/deps.ts';
import { createRateLimiter } from '../../api/services/rate-limit.service.ts';
import { createRateLimitCounterStore } from '../../shared/db/access/rate-limit-counters.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { openOrm, type Orm } from '../../shared/db/orm.ts';
import { PLAN_LIMITS } from '../../shared/domain/plans.ts';
import { createLogger } from '../../shared/logger.ts';
import { appDepsOver, httpOf } from '../helpers/app-deps.ts';
import { createApiKey } from '../helpers/api-keys.ts';
import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { workflowIds } from '../../shared/temporal/ids.ts';
import { alertBucketOf } from '../../shared/domain/alert-bucket.ts';
import { alertmanagerBody, createIntegration, postSigned } from '../helpers/webhooks.ts';

const headers = (response: Response) => ({
  limit: Number(response.headers['x-ratelimit-limit']),
  remaining: Number(response.headers['x-ratelimit-remaining']),
  reset: Number(response.headers['x-ratelimit-reset']),
});

function expectWindowReset(reset: number) {
  const now = Math.floor(Date.now() / 1000);
  expect(reset % 3600).toBe(0);
  expect(reset - now).toBeGreaterThan(0);
  expect(reset - now).toBeLessThanOrEqual(3600);
}

function expectRateLimited(response: Response) {
  expect(response.status).toBe(429);
  expect(response.body).toMatchObject({ code: 'RATE_LIMITED', status_code: 429 });
  const retryAfter = Number(response.headers['retry-after']);
  const { reset, remaining } = headers(response);
  expect(remaining).toBe(0);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(Math.abs(retryAfter - (reset - Math.floor(Date.now() / 1000)))).toBeLessThanOrEqual(2);
}

describe('rate limits (integration: real PostgreSQL)', () => {
  describe('per user, counted in the database shared by two API instances', () => {
    let stack: TestStack;
    let secondOrm: Orm;
    let secondCaches: RequestCaches;
    let second: ReturnType<typeof supertest>;
    beforeAll(async () => {
      stack = await startTestStack({ env: { RATE_LIMIT_INTERACTIVE_PER_HOUR: '6' } });
      // Another API process: its own connection pool, caches, rate limiter and app, the same database.
      secondOrm = await openOrm({ databaseUrl: stack.databaseUrl, poolMax: 2 });
      const logger = createLogger({ name: 'second', level: 'silent' });
      secondCaches = startRequestCaches(stack.config, logger, { orm: secondOrm, databaseUrl: stack.databaseUrl });
      second = httpOf(appDepsOver(stack, { logger, runtime: { orm: secondOrm, requestCaches: secondCaches } }));
    });
    afterAll(async () => {
      await secondCaches?.close();
      await secondOrm?.close();
      await stack?.stop();
    });

    // Each instance flushes its counts every 250 ms; flushing both, twice, stands for that interval
    // having passed: the first round writes each one's count, the second reads the other's.
    const flushBoth = async () => {
      for (const caches of [stack.requestCaches, secondCaches, stack.requestCaches, secondCaches]) await caches.rateLimiter.flush();
    };

    it('counts down across both instances and answers 429 with Retry-After past the limit', async () => {
      const owner = await registerOwner(stack.http, 'limited');
      const instances = [stack.http, second];
      for (let request = 0; request < 6; request += 1) {
        const response = await instances[request % 2].get('/api/v1/auth/me').set(bearer(owner.token)).expect(200);
        expect(headers(response)).toMatchObject({ limit: 6, remaining: 5 - request });
        expectWindowReset(headers(response).reset);
        await flushBoth();
      }
      expectRateLimited(await second.get('/api/v1/auth/me').set(bearer(owner.token)));
      expectRateLimited(await stack.http.get('/api/v1/users').set(bearer(owner.token)));

      // Another user has a bucket of their own.
      const other = await registerOwner(second, 'unaffected');
      expect(headers(await stack.http.get('/api/v1/auth/me').set(bearer(other.token)).expect(200))).toMatchObject({
        limit: 6,
        remaining: 5,
      });
    });
  });

  describe('per client IP without a credential', () => {
    let stack: TestStack;
    beforeAll(async () => {
      stack = await startTestStack({ env: { RATE_LIMIT_INTERACTIVE_PER_HOUR: '4' } });
    });
    afterAll(async () => {
      await stack?.stop();
    });

    it('counts public routes and refused credentials per IP, whatever their answer', async () => {
      const steps = [
        () => stack.http.post('/api/v1/auth/login').send({ email: 'nobody@example.test', password: 'wrong password' }).expect(401),
        () => stack.http.get('/api/v1/auth/me').set(bearer('not-a-token')).expect(401),
        () => stack.http.post('/api/v1/auth/register').send({ email: 'bad' }).expect(422),
        () => stack.http.post('/api/v1/invitations/accept').send({ token: 'nope', name: 'N', password: 'long enough' }).expect(401),
      ];
      for (const [index, step] of steps.entries()) expect(headers(await step())).toMatchObject({ limit: 4, remaining: 3 - index });
      expectRateLimited(await stack.http.post('/api/v1/auth/login').send({ email: 'nobody@example.test', password: 'wrong password' }));
      expectRateLimited(await stack.http.get('/api/v1/auth/me').set(bearer('not-a-token')));
      // Probes are not rate limited: an orchestrator must always see the instance.
      await stack.http.get('/healthz').expect(200);
      await stack.requestCaches.rateLimiter.flush();
      const rows = await stack.orm.em.fork().execute<{ key: string; count: number }[]>('select key, count from rate_limit_counters');
      expect(rows).toEqual([{ key: expect.stringMatching(/^ip:.*127\.0\.0\.1$/), count: 6 }]);
    });
  });

  describe('webhook quotas in alerts, not requests', () => {
    let stack: TestStack;
    beforeAll(async () => {
      // A small plan: 5 alerts per hour per integration (and per organization and platform with a key).
      stack = await startTestStack({ env: { RATE_LIMIT_WEBHOOK_PER_HOUR: '5' } });
    });
    afterAll(async () => {
      await stack?.stop();
    });

    /** One Alertmanager notification carrying `count` alerts, fingerprints `<prefix>-0`... */
    const storm = (prefix: string, count: number) => ({
      version: '4',
      status: 'firing',
      alerts: Array.from({ length: count }, (_, index) => ({
        status: 'firing',
        labels: { alertname: 'DiskFull', instance: `db-${index}:9100`, job: 'node', severity: 'warning' },
        annotations: { summary: `disk ${index} full` },
        startsAt: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
        fingerprint: `${prefix}-${index}`,
      })),
    });
    // Whether a signal carried an alert of this dedup key to its bucket workflow.
    const signalled = async (organizationId: string, integrationId: string, fingerprint: string) => {
      const handle = stack.temporal.client.workflow.getHandle(
        workflowIds.alertBucket(organizationId, integrationId, alertBucketOf(fingerprint)),
      );
      const history = await handle.fetchHistory().catch(() => undefined);
      return (history?.events ?? []).some((event) =>
        event.workflowExecutionSignaledEventAttributes?.input?.payloads?.some((payload) =>
          Buffer.from(payload.data ?? [])
            .toString('utf8')
            .includes(`"dedupKey":"${fingerprint}"`),
        ),
      );
    };

    it('consumes one unit per alert and refuses a payload larger than what remains, whole, signalling nothing', async () => {
      const owner = await registerOwner(stack.http, 'alert-quota');
      const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
      const accepted = await postSigned(stack.http, 'metrics_alerts', integration, storm('first', 3)).expect(200);
      expect(accepted.body.data.alerts).toBe(3);
      expect(headers(accepted)).toMatchObject({ limit: 5, remaining: 2 });

      const refused = await postSigned(stack.http, 'metrics_alerts', integration, storm('second', 3));
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', status_code: 429 });
      expect(refused.body.detail).toMatch(/3 alerts.*2 of the hourly quota of 5 alerts remain; nothing was ingested/);
      // The refused payload counts as one request, not as its three alerts.
      expect(headers(refused)).toMatchObject({ limit: 5, remaining: 1 });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      for (let index = 0; index < 3; index += 1) {
        expect(await signalled(owner.organization.id, integration.id, `second-${index}`)).toBe(false);
        expect(await signalled(owner.organization.id, integration.id, `first-${index}`)).toBe(true);
      }
      // What remains still takes a payload that fits.
      expect(headers(await postSigned(stack.http, 'metrics_alerts', integration, storm('third', 1)).expect(200))).toMatchObject({
        remaining: 0,
      });
      expectRateLimited(await postSigned(stack.http, 'metrics_alerts', integration, storm('fourth', 1)));

      await stack.requestCaches.rateLimiter.flush();
      const counters = await stack.orm.em
        .fork()
        .execute<{ count: number }[]>('select count from rate_limit_counters where key = ?', [`webhook:${integration.id}`]);
      expect(counters).toEqual([{ count: 3 + 1 + 1 + 1 }]);
    });

    it('counts alerts on the short form too, per organization and platform', async () => {
      const owner = await registerOwner(stack.http, 'alert-quota-key');
      const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
      const created = await createApiKey(stack.http, owner.token, { name: 'ingest', permissions: ['alerts:ingest'] });
      const post = (payload: object) => stack.http.post('/api/v1/webhooks/metrics_alerts').set('X-API-Key', created.api_key).send(payload);
      const refused = await post(storm('too-many', 6));
      expect(refused.status).toBe(429);
      expect(refused.body.detail).toMatch(/6 alerts/);
      expect(await signalled(owner.organization.id, integration.id, 'too-many-0')).toBe(false);
      expect(headers(await post(storm('fits', 4)).expect(200))).toMatchObject({ limit: 5, remaining: 0 });
    });
  });

  describe('by plan, per API key, per webhook integration', () => {
    let stack: TestStack;
    beforeAll(async () => {
      stack = await startTestStack({
        env: { RATE_LIMIT_API_KEY_PER_HOUR: '3', RATE_LIMIT_WEBHOOK_PER_HOUR: '2', RATE_LIMIT_WEBHOOK_AUTH_FAILURES_PER_HOUR: '3' },
      });
    });
    afterAll(async () => {
      await stack?.stop();
    });

    const setPlan = (organizationId: string, plan: string) =>
      stack.orm.em.fork().execute('update organizations set plan = ? where id = ?', [plan, organizationId]);

    it("takes the numbers from the organization's plan, as soon as a plan change is announced", async () => {
      const owner = await registerOwner(stack.http, 'plans');
      let requests = 0;
      const me = async () => {
        requests += 1;
        return headers(await stack.http.get('/api/v1/auth/me').set(bearer(owner.token)).expect(200));
      };
      expect(await me()).toMatchObject({ limit: PLAN_LIMITS.free.interactive, remaining: PLAN_LIMITS.free.interactive - 1 });
      // The plan is cached: a change made by hand (as billing would) reaches the API through the
      // trigger's NOTIFY, so the new numbers appear within moments, not necessarily at once.
      const planApplied = (limit: number) =>
        waitFor(`limit ${limit}`, async () => ((await me()).limit === limit ? true : undefined), { timeoutMs: 5000, intervalMs: 20 });
      await setPlan(owner.organization.id, 'team');
      await planApplied(PLAN_LIMITS.team.interactive);
      expect(await me()).toMatchObject({ limit: PLAN_LIMITS.team.interactive, remaining: PLAN_LIMITS.team.interactive - requests });
      await setPlan(owner.organization.id, 'enterprise');
      await planApplied(PLAN_LIMITS.enterprise.interactive);
    });

    it("counts an API key on its own bucket, separate from its creator's", async () => {
      const owner = await registerOwner(stack.http, 'keys');
      const created = await createApiKey(stack.http, owner.token, { name: 'limited', permissions: ['users:read'] });
      const key = created.api_key;
      for (let request = 0; request < 3; request += 1) {
        const response = await stack.http.get('/api/v1/users').set('X-API-Key', key).expect(200);
        expect(headers(response)).toMatchObject({ limit: 3, remaining: 2 - request });
      }
      expectRateLimited(await stack.http.get('/api/v1/users').set('X-API-Key', key));
      expect(headers(await stack.http.get('/api/v1/users').set(bearer(owner.token)).expect(200)).limit).toBe(PLAN_LIMITS.free.interactive);
    });

    it('counts only authentic webhook requests per integration; junk counts per client IP and silences nobody', async () => {
      const owner = await registerOwner(stack.http, 'webhooks');
      const [victim, other] = await Promise.all([
        createIntegration(stack.http, owner.token, 'metrics_alerts'),
        createIntegration(stack.http, owner.token, 'metrics_alerts'),
      ]);
      const unsigned = (integrationId: string) =>
        stack.http.post(`/api/v1/webhooks/metrics_alerts/${integrationId}`).set('Content-Type', 'application/json').send('{}');
      // An attacker who knows only the integration id: refused, counted against their IP (limit 3 here).
      for (let request = 0; request < 3; request += 1) {
        const response = await unsigned(victim.id);
        expect(response.status).toBe(401);
        expect(headers(response)).toMatchObject({ limit: 3, remaining: 2 - request });
      }
      expectRateLimited(await unsigned(victim.id));
      expectRateLimited(await unsigned('00000000-0000-4000-8000-000000000000'));
      // The victim's real alerts still get through, with their integration's full allowance (2 here).
      const real = await postSigned(stack.http, 'metrics_alerts', victim, alertmanagerBody('fp-real', 'firing')).expect(200);
      expect(headers(real)).toMatchObject({ limit: 2, remaining: 1 });
      expect(
        headers(await postSigned(stack.http, 'metrics_alerts', other, alertmanagerBody('fp-other', 'firing')).expect(200)),
      ).toMatchObject({ limit: 2, remaining: 1 });
      await postSigned(stack.http, 'metrics_alerts', victim, alertmanagerBody('fp-real-2', 'firing')).expect(200);
      expectRateLimited(await postSigned(stack.http, 'metrics_alerts', victim, alertmanagerBody('fp-real-3', 'firing')));

      await stack.requestCaches.rateLimiter.flush();
      const counters = await stack.orm.em
        .fork()
        .execute<{ key: string; count: number }[]>(`select key, count from rate_limit_counters where key like 'webhook%' order by key`);
      // No counter for the unknown integration, none of the junk on the victim's.
      expect(counters).toHaveLength(3);
      expect(counters).toEqual(
        expect.arrayContaining([
          { key: `webhook:${victim.id}`, count: 3 },
          { key: `webhook:${other.id}`, count: 1 },
          { key: expect.stringMatching(/^webhook_auth_failures:.*127\.0\.0\.1$/), count: 5 },
        ]),
      );
    });

    it('starts a new window each hour and deletes finished ones', async () => {
      let now = Date.UTC(2030, 0, 1, 10, 59, 59);
      const limiter = createRateLimiter({
        counters: () => createRateLimitCounterStore(stack.orm.em.fork()),
        overrides: { interactive: 2 },
        now: () => now,
      });
      const bucket = [{ key: 'user:window-test', limitClass: 'interactive' as const }];
      expect(await limiter.hit(bucket, null)).toMatchObject({
        limit: 2,
        remaining: 1,
        exceeded: false,
        resetAt: Date.UTC(2030, 0, 1, 11) / 1000,
        retryAfterSeconds: 1,
      });
      expect(await limiter.hit(bucket, null)).toMatchObject({ remaining: 0, exceeded: false });
      expect(await limiter.hit(bucket, null)).toMatchObject({ remaining: 0, exceeded: true });
      now += 1000;
      expect(await limiter.hit(bucket, null)).toMatchObject({
        remaining: 1,
        exceeded: false,
        resetAt: Date.UTC(2030, 0, 1, 12) / 1000,
        retryAfterSeconds: 3600,
      });
      const windows = await stack.orm.em
        .fork()
        .execute<{ window_start: Date }[]>(`select window_start from rate_limit_counters where key = 'user:window-test'`);
      expect(windows.map((row) => new Date(row.window_start).toISOString())).toEqual(['2030-01-01T11:00:00.000Z']);
      await limiter.stop();
    });

    it("reads a webhook's plan through its integration, and reports the tightest of several buckets", async () => {
      const owner = await registerOwner(stack.http, 'webhook-plan');
      const integration = await stack.http
        .post('/api/v1/integrations')
        .set(bearer(owner.token))
        .send({ name: 'APM', platform: 'apm' })
        .expect(201);
      await setPlan(owner.organization.id, 'enterprise');
      const limiter = createRateLimiter({ counters: () => createRateLimitCounterStore(stack.orm.em.fork()) });
      const webhook = [{ key: `webhook:${integration.body.data.id}`, limitClass: 'webhook' as const }];
      expect((await limiter.hit(webhook, { integrationId: integration.body.data.id })).limit).toBe(PLAN_LIMITS.enterprise.webhook);
      expect((await limiter.hit(webhook, { integrationId: '00000000-0000-4000-8000-000000000000' })).limit).toBe(PLAN_LIMITS.free.webhook);

      const searchLimiter = createRateLimiter({
        counters: () => createRateLimitCounterStore(stack.orm.em.fork()),
        overrides: { search: 1 },
      });
      const buckets = [
        { key: `user:${owner.user.id}:search-test`, limitClass: 'interactive' as const },
        { key: `search:${owner.organization.id}`, limitClass: 'search' as const },
      ];
      expect(await searchLimiter.hit(buckets, { organizationId: owner.organization.id })).toMatchObject({
        limit: 1,
        remaining: 0,
        exceeded: false,
      });
      expect(await searchLimiter.hit(buckets, { organizationId: owner.organization.id })).toMatchObject({ limit: 1, exceeded: true });
      await Promise.all([limiter.stop(), searchLimiter.stop()]);
    });
  });
});
