import { waitFor } from '../../../dev/wait-for.ts';
import type { Orm } from '../../../shared/db/orm.ts';
import { createRoutingRulesCache, type RoutingRulesCache } from '../../../shared/db/routing-rules-cache.ts';
import type { RoutedAlert } from '../../../shared/domain/routing.ts';
import { createLogger } from '../../../shared/logger.ts';
import { bearer } from '../../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../../helpers/stack.ts';
import { ormLoggingStatements } from '../../helpers/statement-log-orm.ts';

/** The worker's routing-rule cache against real PostgreSQL: no read per call while it listens, and a change heard through NOTIFY. */
describe('routing-rule cache (real PostgreSQL, LISTEN/NOTIFY)', () => {
  let stack: TestStack;
  let orm: Orm;
  let cache: RoutingRulesCache;
  const statements: string[] = [];
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let policyId: string;

  beforeAll(async () => {
    stack = await startTestStack();
    orm = await ormLoggingStatements(stack.databaseUrl, statements);
    cache = createRoutingRulesCache({
      orm,
      listen: { databaseUrl: stack.databaseUrl, logger: createLogger({ name: 'test', level: 'silent' }) },
    });
    await cache.ready;
    owner = await registerOwner(stack.http, 'routing-cache');
    policyId = (
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(bearer(owner.token))
        .send({ name: 'Database', levels: [{ targets: [{ type: 'user', id: owner.user.id }], delay_minutes: 5 }] })
        .expect(201)
    ).body.data.id;
  });
  afterAll(async () => {
    await cache?.close();
    await orm?.close();
    await stack?.stop();
  });

  const ruleReads = () => statements.filter((statement) => /from routing_rules/.test(statement)).length;
  const alert: RoutedAlert = { labels: { team: 'db' }, severity: 'high', platform: 'metrics_alerts', integrationId: 'int' };
  const fallback = { integrationPolicyId: null, defaultPolicyId: null };
  const routeNow = async () => (await cache.forOrganization(owner.organization.id)).route(alert, fallback);

  it('reads the rules once, then routes from memory until a change to a rule is announced', async () => {
    expect(cache.serving).toBe(true);
    expect(await routeNow()).toEqual({ ruleId: null, policyId: null, urgency: 'high' });
    expect(ruleReads()).toBe(1);

    // Written by the API in its own transaction: the trigger's NOTIFY drops the cached entry.
    const rule = (
      await stack.http
        .post('/api/v1/routing-rules')
        .set(bearer(owner.token))
        .send({ name: 'Database', matchers: 'team="db"', escalation_policy_id: policyId, urgency: 'low' })
        .expect(201)
    ).body.data.id as string;
    await waitFor('the new rule applies', async () => ((await routeNow()).ruleId === rule ? true : undefined), {
      timeoutMs: 10_000,
      intervalMs: 50,
    });
    const afterReload = ruleReads();
    for (let index = 0; index < 5; index += 1) expect(await routeNow()).toEqual({ ruleId: rule, policyId, urgency: 'low' });
    expect(ruleReads()).toBe(afterReload);

    await stack.http.patch(`/api/v1/routing-rules/${rule}`).set(bearer(owner.token)).send({ urgency: 'high' }).expect(200);
    await waitFor('the change applies', async () => ((await routeNow()).urgency === 'high' ? true : undefined), {
      timeoutMs: 10_000,
      intervalMs: 50,
    });

    await stack.http.delete(`/api/v1/routing-rules/${rule}`).set(bearer(owner.token)).expect(204);
    await waitFor('the deletion applies', async () => ((await routeNow()).ruleId === null ? true : undefined), {
      timeoutMs: 10_000,
      intervalMs: 50,
    });
  });

  it('shares one read among concurrent calls', async () => {
    const other = await registerOwner(stack.http, 'routing-cache-other');
    const before = ruleReads();
    const all = await Promise.all(Array.from({ length: 10 }, () => cache.forOrganization(other.organization.id)));
    expect(ruleReads() - before).toBe(1);
    expect(new Set(all).size).toBe(1);
  });
});
