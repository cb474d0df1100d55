import { randomUUID } from 'node:crypto';
import { createAlertIngestionActivities } from '../../../activities/alert-ingestion.activities.ts';
import { createAlertTransactionStore } from '../../../shared/db/access/alert-transaction.ts';
import { createMuteRulesCache, type MuteRulesCache } from '../../../shared/db/mute-rules-cache.ts';
import { waitFor } from '../../../dev/wait-for.ts';
import type { Orm } from '../../../shared/db/orm.ts';
import type { AlertSignalPayload } from '../../../shared/domain/ingestion.ts';
import { createLogger } from '../../../shared/logger.ts';
import { bearer } from '../../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../../helpers/stack.ts';
import { createIntegration } from '../../helpers/webhooks.ts';
import { ormLoggingStatements } from '../../helpers/statement-log-orm.ts';

/** The worker's mute-rule cache against real PostgreSQL: no statement per batch while it listens, and a change heard through NOTIFY. */
describe('mute-rule cache (real PostgreSQL, LISTEN/NOTIFY)', () => {
  let stack: TestStack;
  let orm: Orm;
  let cache: MuteRulesCache;
  const statements: string[] = [];
  let activities: ReturnType<typeof createAlertIngestionActivities>;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let integrationId: string;
  let dbSilenceId: string;

  beforeAll(async () => {
    stack = await startTestStack();
    owner = await registerOwner(stack.http, 'cache');
    integrationId = (await createIntegration(stack.http, owner.token, 'metrics_alerts')).id;
    // Written before the cache listens: its NOTIFY, heard late, would empty a cache the first test has just filled.
    const silence = await stack.http
      .post('/api/v1/silences')
      .set(bearer(owner.token))
      .send({ matchers: 'team="db"', ends_at: new Date(Date.now() + 3_600_000).toISOString(), comment: 'db work' })
      .expect(201);
    dbSilenceId = silence.body.data.id;
    orm = await ormLoggingStatements(stack.databaseUrl, statements);
    cache = createMuteRulesCache({
      orm,
      listen: { databaseUrl: stack.databaseUrl, logger: createLogger({ name: 'test', level: 'silent' }) },
    });
    await cache.ready;
    activities = createAlertIngestionActivities({
      alertTransactions: createAlertTransactionStore(orm),
      integrationLiveness: { record: () => undefined },
      muteRules: cache,
    });
  });
  afterAll(async () => {
    await cache?.close();
    await orm?.close();
    await stack?.stop();
  });

  const signal = (team: string, receivedAt = new Date()): AlertSignalPayload => {
    const dedupKey = `k${randomUUID().slice(0, 12)}`;
    return {
      alertId: randomUUID(),
      organizationId: owner.organization.id,
      integrationId,
      receivedAt: receivedAt.toISOString(),
      alert: {
        platform: 'metrics_alerts',
        externalId: null,
        dedupKey,
        title: `${team} alert`,
        description: null,
        severity: 'high',
        status: 'firing',
        source: 'metrics_alerts',
        host: null,
        service: null,
        labels: { team },
        links: {},
        occurredAt: null,
        raw: {},
      },
    };
  };
  const ruleReads = () => statements.filter((statement) => /from "(silences|maintenance_windows)"/.test(statement)).length;
  const record = async (team: string) => {
    const result = await activities.recordAlerts({ signals: [signal(team)], incidentId: null });
    return result.incidentId;
  };

  it('reads the rules once, then matches from memory until a change is announced', async () => {
    expect(await record('db')).toBeNull();
    expect(ruleReads()).toBe(2);
    for (let index = 0; index < 5; index += 1)
      expect(await record(index % 2 ? 'db' : 'web')).toEqual(index % 2 ? null : expect.any(String));
    expect(ruleReads()).toBe(2);

    // A new silence, written by the API in its own transaction: its NOTIFY empties the cache.
    await stack.http
      .post('/api/v1/silences')
      .set(bearer(owner.token))
      .send({ matchers: 'team="web"', ends_at: new Date(Date.now() + 3_600_000).toISOString(), comment: 'web work' })
      .expect(201);
    await waitFor('the new silence applies', async () => ((await record('web')) === null ? true : undefined), {
      timeoutMs: 10_000,
      intervalMs: 50,
    });
    const afterReload = ruleReads();
    expect(afterReload).toBeGreaterThanOrEqual(4);
    await record('web');
    expect(ruleReads()).toBe(afterReload);

    // Expired early: the next alert is no longer muted.
    await stack.http.delete(`/api/v1/silences/${dbSilenceId}`).set(bearer(owner.token)).expect(200);
    await waitFor('the expiry applies', async () => ((await record('db')) !== null ? true : undefined), {
      timeoutMs: 10_000,
      intervalMs: 50,
    });
  });

  it('shares one read among concurrent batches after an invalidation', async () => {
    cache.invalidate(owner.organization.id);
    const before = ruleReads();
    const all = await Promise.all(Array.from({ length: 10 }, () => cache.forOrganization(owner.organization.id)));
    expect(ruleReads() - before).toBe(2);
    expect(new Set(all).size).toBe(1);
  });

  it('matches a backlog at its receipt time: a silence that has just ended still mutes what arrived during it', async () => {
    const [row] = await stack.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ id: string }>>(
        `insert into silences (id, organization_id, matchers, starts_at, ends_at, comment, created_at, updated_at)
         values (gen_random_uuid(), ?, '[{"name":"team","operator":"=","value":"backlog"}]', now() - interval '10 minutes', now() - interval '1 minute', 'ended', now(), now())
         returning id`,
        [owner.organization.id],
      );
    const during = signal('backlog', new Date(Date.now() - 5 * 60_000));
    const muted = await waitFor(
      'the ended silence is loaded',
      async () => {
        const attempt = { ...during, alertId: randomUUID(), alert: { ...during.alert, dedupKey: `k${randomUUID().slice(0, 12)}` } };
        return (await activities.recordAlerts({ signals: [attempt], incidentId: null })).incidentId === null ? attempt : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    const [stored] = await stack.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ silenced_by: string }>>('select silenced_by from alerts where id = ?', [muted.alertId]);
    expect(stored?.silenced_by).toBe(row?.id);
    expect(await record('backlog')).toEqual(expect.any(String));
  });
});
