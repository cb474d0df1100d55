import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { waitFor } from '../../dev/wait-for.ts';
import { BUSY_BATCH_LINGER_MS, createAlertBucketActivities } from '../../activities/alert-bucket.activities.ts';
import { createAlertTransactionStore } from '../../shared/db/access/alert-transaction.ts';
import type { Orm } from '../../shared/db/orm.ts';
import type { AlertSignalPayload } from '../../shared/domain/ingestion.ts';
import { NO_MUTE_RULES } from '../../shared/domain/mute-rules.ts';
import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration } from '../helpers/webhooks.ts';
import { ormLoggingStatements } from '../helpers/statement-log-orm.ts';
import { alertSignalOf } from '../helpers/alert-signals.ts';

/** recordAlertBatch and the auto-resolve sweep against real PostgreSQL, called directly. */
describe('recordAlertBatch and autoResolveIdleIncidents (real PostgreSQL)', () => {
  let stack: TestStack;
  let orm: Orm;
  const statements: string[] = [];
  let activities: ReturnType<typeof createAlertBucketActivities>;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let organizationId: string;
  let integrationId: string;
  let otherIntegrationId: string;

  beforeAll(async () => {
    stack = await startTestStack();
    orm = await ormLoggingStatements(stack.databaseUrl, statements, 4);
    activities = createAlertBucketActivities({
      alertTransactions: createAlertTransactionStore(orm),
      integrationLiveness: { record: () => {} },
      // No silences here: muting is tested in test/api/silence-ingestion.int.test.ts.
      muteRules: { forOrganization: async () => NO_MUTE_RULES },
    });
    owner = await registerOwner(stack.http, 'bucket');
    organizationId = owner.organization.id;
    integrationId = (await createIntegration(stack.http, owner.token, 'metrics_alerts')).id;
    otherIntegrationId = (await createIntegration(stack.http, owner.token, 'metrics_alerts', 'second-secret-0123456789abcdef')).id;
  });
  afterAll(async () => {
    await orm?.close();
    await stack?.stop();
  });

  const signal = (dedupKey: string, status: 'firing' | 'resolved' = 'firing', extra: Partial<AlertSignalPayload> = {}) =>
    alertSignalOf({ organizationId, integrationId })(dedupKey, status, { extra });
  const countsOf = async (keys: string[]) =>
    stack.sql<{ fingerprint: string; status: string; alert_count: number }>(
      'select fingerprint, status, alert_count from incidents where fingerprint in (?) order by fingerprint, created_at',
      [keys],
    );

  it('applies 200 alerts over 200 keys in one transaction with as many statements as 2 alerts over 2 keys', async () => {
    const statementsFor = async (keys: string[]) => {
      statements.length = 0;
      const result = await activities.recordAlertBatch({ signals: keys.map((key) => signal(key)) });
      return { result, count: statements.length };
    };
    const few = Array.from({ length: 2 }, () => `few-${randomUUID().slice(0, 8)}`);
    const many = Array.from({ length: 200 }, () => `many-${randomUUID().slice(0, 8)}`);
    const small = await statementsFor(few);
    expect(small.result).toEqual({ applied: 2, opened: 2 });
    // Only incident rows are locked, in one statement, never the organization row the tenant filter joins.
    expect(
      statements.filter((statement) => statement.includes('for update')).map((statement) => / for update of "i0"(?!,)/.test(statement)),
    ).toEqual([true]);
    const large = await statementsFor(many);
    expect(large.result).toEqual({ applied: 200, opened: 200 });
    // 200 new incidents bring 400 timeline entries and 400 events: MikroORM inserts 300 rows per
    // statement, so those two tables take two statements each; nothing grows with the key count.
    expect(large.count).toBeLessThanOrEqual(small.count + 2);
    const inserts = (table: string) => statements.filter((statement) => statement.includes(`insert into "${table}"`)).length;
    expect([inserts('incidents'), inserts('alerts'), inserts('incident_timeline'), inserts('domain_events')]).toEqual([1, 1, 2, 2]);
    // begin, stored ids and receipts, incidents for update, incidents, alerts, timeline, events, commit
    expect(small.count).toBeLessThanOrEqual(9);

    // The same keys again: every alert appends to its key's incident, still a constant statement count.
    const appended = await statementsFor(many);
    expect(appended.result).toEqual({ applied: 200, opened: 0 });
    expect(appended.count).toBeLessThanOrEqual(small.count + 2);
    const incidents = await countsOf(many);
    expect(incidents).toHaveLength(200);
    expect(incidents.every((incident) => incident.alert_count === 2 && incident.status === 'active')).toBe(true);
    const [alerts] = await stack.sql<{ n: number }>('select count(*)::int as n from alerts where dedup_key in (?)', [many]);
    expect(alerts?.n).toBe(400);
  });

  it('holds a busy batch after its commit and a lone alert not at all', async () => {
    // What each wait saw: the wait, and how many of the batch's incidents were committed by then.
    const waits: Array<{ ms: number; committed: number }> = [];
    const keys = [`linger-a-${randomUUID().slice(0, 8)}`, `linger-b-${randomUUID().slice(0, 8)}`];
    const lingering = createAlertBucketActivities({
      alertTransactions: createAlertTransactionStore(orm),
      integrationLiveness: { record: () => {} },
      muteRules: { forOrganization: async () => NO_MUTE_RULES },
      linger: async (ms) => void waits.push({ ms, committed: (await countsOf(keys)).length }),
    });
    expect(await lingering.recordAlertBatch({ signals: [signal(keys[0] as string)] })).toEqual({ applied: 1, opened: 1 });
    expect(waits).toEqual([]);
    expect(await lingering.recordAlertBatch({ signals: keys.map((key) => signal(key)) })).toEqual({ applied: 2, opened: 1 });
    expect(waits).toEqual([{ ms: BUSY_BATCH_LINGER_MS, committed: 2 }]);
  });

  it('applies each key in arrival order, a resolve then a firing alert opening the next incident, and a re-run changes nothing', async () => {
    const [a, b] = [`ord-a-${randomUUID().slice(0, 8)}`, `ord-b-${randomUUID().slice(0, 8)}`];
    const signals = [signal(a), signal(b), signal(a), signal(b, 'resolved'), signal(a), signal(b), signal(b)];
    expect(await activities.recordAlertBatch({ signals })).toEqual({ applied: 7, opened: 2 });
    expect(await countsOf([a, b])).toEqual([
      { fingerprint: a, status: 'active', alert_count: 3 },
      { fingerprint: b, status: 'resolved', alert_count: 1 },
      { fingerprint: b, status: 'active', alert_count: 2 },
    ]);
    // A worker that crashed after commit runs the batch again: everything is stored already.
    expect(await activities.recordAlertBatch({ signals })).toEqual({ applied: 0, opened: 0 });
    expect(await countsOf([a, b])).toHaveLength(3);
    const [alerts] = await stack.sql<{ n: number }>('select count(*)::int as n from alerts where dedup_key in (?)', [[a, b]]);
    expect(alerts?.n).toBe(7);
  });

  it("recognises a sender's retry in another time bucket by its receipt key within the window, not after it", async () => {
    const key = `rcpt-${randomUUID().slice(0, 8)}`;
    const receiptKey = randomUUID().replaceAll('-', '');
    const at = Date.now() - 3_600_000;
    const copy = (offsetSeconds: number) =>
      signal(key, 'firing', { receiptKey, dedupWindowSeconds: 600, receivedAt: new Date(at + offsetSeconds * 1000).toISOString() });
    expect(await activities.recordAlertBatch({ signals: [copy(0)] })).toEqual({ applied: 1, opened: 1 });
    // Another alert id (another time bucket), within the window of the stored copy: a retry.
    expect(await activities.recordAlertBatch({ signals: [copy(300)] })).toEqual({ applied: 0, opened: 0 });
    // Two copies in one batch, after the window: the first counts, the second is its retry.
    expect(await activities.recordAlertBatch({ signals: [copy(700), copy(710)] })).toEqual({ applied: 1, opened: 0 });
    expect(await countsOf([key])).toEqual([{ fingerprint: key, status: 'active', alert_count: 2 }]);
    const stored = await stack.sql<{ receipt_key: string }>('select receipt_key from alerts where dedup_key = ?', [key]);
    expect(stored.map((row) => row.receipt_key)).toEqual([receiptKey, receiptKey]);
  });

  it('two integrations sending the same keys at once, in opposite orders, make one incident per key with every alert counted', async () => {
    const keys = Array.from({ length: 20 }, () => `both-${randomUUID().slice(0, 8)}`);
    // Open the incidents first: then both batches lock the same rows, which must not deadlock.
    await activities.recordAlertBatch({ signals: keys.map((key) => signal(key)) });
    const rounds = 10;
    const results = await Promise.all(
      Array.from({ length: rounds }, () => [
        activities.recordAlertBatch({ signals: keys.map((key) => signal(key)) }),
        activities.recordAlertBatch({
          signals: [...keys].reverse().map((key) => signal(key, 'firing', { integrationId: otherIntegrationId })),
        }),
      ]).flat(),
    );
    expect(results.map((result) => result.applied)).toEqual(Array(rounds * 2).fill(keys.length));
    const incidents = await countsOf(keys);
    expect(incidents).toHaveLength(keys.length);
    expect(incidents.map((incident) => incident.alert_count)).toEqual(Array(keys.length).fill(1 + rounds * 2));
  });

  it('two integrations opening incidents for the same new keys at once both succeed, one incident per key', async () => {
    for (let round = 0; round < 5; round += 1) {
      const keys = Array.from({ length: 20 }, () => `new-both-${randomUUID().slice(0, 8)}`);
      // Called directly, without Temporal's retries: a conflict at the unique index must not fail the batch.
      const results = await Promise.all([
        activities.recordAlertBatch({ signals: keys.map((key) => signal(key)) }),
        activities.recordAlertBatch({
          signals: [...keys].reverse().map((key) => signal(key, 'firing', { integrationId: otherIntegrationId })),
        }),
      ]);
      expect(results.map((result) => result.applied)).toEqual([keys.length, keys.length]);
      expect(results[0].opened + results[1].opened).toBe(keys.length);
      const incidents = await countsOf(keys);
      expect(incidents.map((incident) => incident.alert_count)).toEqual(Array(keys.length).fill(2));
    }
  });

  it('joins incidents other buckets commit for its new keys one after another, however many races it loses', async () => {
    const keys = Array.from({ length: 5 }, () => `races-${randomUUID().slice(0, 8)}`);
    const template = `races-template-${randomUUID().slice(0, 8)}`;
    await activities.recordAlertBatch({ signals: [signal(template)] });
    // Five other buckets' transactions, each holding an open incident for one key, not yet committed.
    const holders = await Promise.all(
      keys.map(async (key) => {
        const client = new pg.Client({ connectionString: stack.databaseUrl });
        await client.connect();
        const [{ pid }] = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows as [{ pid: number }];
        await client.query('begin');
        await client.query(
          `insert into incidents select (jsonb_populate_record(null::incidents, to_jsonb(i) || jsonb_build_object('id', $1::uuid, 'fingerprint', $2::text))).*
           from incidents i where i.organization_id = $3 and i.fingerprint = $4`,
          [randomUUID(), key, organizationId, template],
        );
        return { pid, client };
      }),
    );
    try {
      const batch = activities.recordAlertBatch({ signals: keys.map((key) => signal(key)) });
      // Commit only the holder the batch waits for, so that each commit refuses one more of its inserts.
      for (let committed = 0; committed < holders.length; committed += 1) {
        const blocker = await waitFor(
          'the batch waiting at the unique index',
          async () => {
            const rows = await stack.sql<{ blocking: number[] }>(
              `select pg_blocking_pids(pid) as blocking from pg_stat_activity where wait_event_type = 'Lock'`,
            );
            const waitedFor = new Set(rows.flatMap((row) => row.blocking));
            return holders.find((holder) => waitedFor.has(holder.pid));
          },
          { timeoutMs: 10_000, intervalMs: 20 },
        );
        await blocker.client.query('commit');
      }
      expect(await batch).toEqual({ applied: keys.length, opened: 0 });
      expect((await countsOf(keys)).map((incident) => incident.status)).toEqual(Array(keys.length).fill('active'));
    } finally {
      await Promise.all(holders.map(({ client }) => client.query('rollback').finally(() => client.end())));
    }
  });

  describe('autoResolveIdleIncidents', () => {
    afterAll(async () => {
      await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ auto_resolve_after_hours: null }).expect(200);
    });

    it('resolves an incident idle past the setting with the auto-resolve timeline entry, not one alerted since', async () => {
      const [idle, recent] = [`idle-${randomUUID().slice(0, 8)}`, `recent-${randomUUID().slice(0, 8)}`];
      await activities.recordAlertBatch({ signals: [signal(idle), signal(recent)] });
      // Two hours ago for `idle` (the setting is 1 h); `recent` also has an alert just now.
      await stack.sql(`update alerts set received_at = now() - interval '2 hours' where dedup_key in (?)`, [[idle, recent]]);
      await stack.sql(`update incidents set created_at = now() - interval '2 hours' where fingerprint in (?)`, [[idle, recent]]);
      await activities.recordAlertBatch({ signals: [signal(recent)] });
      // Without the setting nothing is resolved.
      await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ auto_resolve_after_hours: null }).expect(200);
      await activities.autoResolveIdleIncidents({});
      expect((await countsOf([idle])).map((incident) => incident.status)).toEqual(['active']);

      await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ auto_resolve_after_hours: 1 }).expect(200);
      await activities.autoResolveIdleIncidents({});
      const statuses = Object.fromEntries((await countsOf([idle, recent])).map((incident) => [incident.fingerprint, incident.status]));
      expect(statuses).toEqual({ [idle]: 'resolved', [recent]: 'active' });
      const [entry] = await stack.sql<{ type: string; message: string; data: Record<string, unknown> }>(
        `select t.type, t.message, t.data from incident_timeline t join incidents i on i.id = t.incident_id
         where i.fingerprint = ? order by t.id desc limit 1`,
        [idle],
      );
      expect(entry).toEqual({
        type: 'status_changed',
        message: 'Resolved automatically: no new alert for 1 h',
        data: { from: 'active', to: 'resolved', auto_resolved: true, after_ms: 3_600_000 },
      });
    });

    it('leaves incidents opened by hand alone, however old', async () => {
      const created = await stack.http.post('/api/v1/incidents').set(bearer(owner.token)).send({ title: 'Opened by hand' }).expect(201);
      const id = created.body.data.id as string;
      await stack.sql(`update incidents set created_at = now() - interval '1000 hours' where id = ?`, [id]);
      await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ auto_resolve_after_hours: 1 }).expect(200);
      await activities.autoResolveIdleIncidents({});
      const [row] = await stack.sql<{ status: string }>('select status from incidents where id = ?', [id]);
      expect(row?.status).toBe('active');
    });

    it('resolves a backlog in bounded batches and says when there is more', async () => {
      const keys = Array.from({ length: 5 }, () => `backlog-${randomUUID().slice(0, 8)}`);
      await activities.recordAlertBatch({ signals: keys.map((key) => signal(key)) });
      await stack.sql(`update alerts set received_at = now() - interval '2 hours' where dedup_key in (?)`, [keys]);
      await stack.sql(`update incidents set created_at = now() - interval '2 hours' where fingerprint in (?)`, [keys]);
      await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ auto_resolve_after_hours: 1 }).expect(200);
      let outcome = await activities.autoResolveIdleIncidents({ limit: 2 });
      const seen = [outcome];
      while (outcome.more) {
        outcome = await activities.autoResolveIdleIncidents({ limit: 2 });
        seen.push(outcome);
      }
      expect(seen.slice(0, 2).every((round) => round.resolved >= 2 && round.more)).toBe(true);
      expect((await countsOf(keys)).every((incident) => incident.status === 'resolved')).toBe(true);
    });
  });
});
