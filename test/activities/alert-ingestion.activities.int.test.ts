import { randomUUID } from 'node:crypto';
import { createAlertIngestionActivities } from '../../activities/alert-ingestion.activities.ts';
import { createAlertTransactionStore } from '../../shared/db/access/alert-transaction.ts';
import type { Orm } from '../../shared/db/orm.ts';
import { NO_MUTE_RULES } from '../../shared/domain/mute-rules.ts';
import type { Severity } from '../../shared/domain/alert.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration } from '../helpers/webhooks.ts';
import { ormLoggingStatements } from '../helpers/statement-log-orm.ts';
import { alertSignalOf } from '../helpers/alert-signals.ts';
import { bearer } from '../helpers/members.ts';

/** recordAlerts against real PostgreSQL, called directly: what one transaction writes, and how many statements. */
describe('recordAlerts (real PostgreSQL)', () => {
  let stack: TestStack;
  let orm: Orm;
  const statements: string[] = [];
  const liveness: Array<{ integrationId: string; at: Date }> = [];
  let activities: ReturnType<typeof createAlertIngestionActivities>;
  let organizationId: string;
  let integrationId: string;
  let ownerToken: string;

  beforeAll(async () => {
    stack = await startTestStack();
    orm = await ormLoggingStatements(stack.databaseUrl, statements);
    activities = createAlertIngestionActivities({
      alertTransactions: createAlertTransactionStore(orm),
      integrationLiveness: { record: (_org, id, at) => liveness.push({ integrationId: id, at }) },
      // No silences here: muting is tested in test/api/silence-ingestion.int.test.ts.
      muteRules: { forOrganization: async () => NO_MUTE_RULES },
    });
    const owner = await registerOwner(stack.http, 'record');
    organizationId = owner.organization.id;
    ownerToken = owner.token;
    integrationId = (await createIntegration(stack.http, owner.token, 'metrics_alerts')).id;
  });
  afterAll(async () => {
    await orm?.close();
    await stack?.stop();
  });

  const signal = (dedupKey: string, status: 'firing' | 'resolved', severity: Severity = 'medium') =>
    alertSignalOf({ organizationId, integrationId })(dedupKey, status, { severity });
  const eventsOf = (incidentId: string) =>
    stack.sql<{ type: string; data: { alert_ids?: string[]; incident: { alert_count: number } } }>(
      'select type, data from domain_events where incident_id = ? order by id',
      [incidentId],
    );
  const timelineOf = async (incidentId: string) =>
    (await stack.sql<{ type: string }>('select type from incident_timeline where incident_id = ? order by id', [incidentId])).map(
      (row) => row.type,
    );

  it('opens an incident and appends the rest of the batch in one transaction, one event per alert and one update', async () => {
    const key = `k${randomUUID().slice(0, 8)}`;
    const signals = [signal(key, 'firing'), signal(key, 'firing', 'critical'), signal(key, 'firing')];
    const result = await activities.recordAlerts({ signals, incidentId: null });
    expect(result.created).toBe(true);
    const [incident] = await stack.sql<{ id: string; alert_count: number; severity: string }>(
      'select id, alert_count, severity from incidents where fingerprint = ?',
      [key],
    );
    expect(incident).toEqual({ id: result.incidentId, alert_count: 3, severity: 'critical' });
    expect(await timelineOf(result.incidentId as string)).toEqual(['created', 'alert', 'severity_changed', 'alert', 'alert']);
    const events = await eventsOf(result.incidentId as string);
    expect(events.map((event) => event.type)).toEqual([
      'incident.created',
      'alert.received',
      'alert.received',
      'alert.received',
      'incident.updated',
    ]);
    // The critical alert raised the severity: the update says so (the search index takes it).
    expect(events.at(-1)?.data).toMatchObject({
      alert_ids: [signals[1]?.alertId, signals[2]?.alertId],
      incident: { alert_count: 3 },
      severity_raised: true,
    });
    expect(liveness.at(-1)?.integrationId).toBe(integrationId);

    // A re-run (worker crash after commit) changes nothing and answers what it did.
    const again = await activities.recordAlerts({ signals, incidentId: null });
    expect(again).toEqual({ incidentId: result.incidentId, created: false });
    const [after] = await stack.sql<{ alert_count: number }>('select alert_count from incidents where id = ?', [result.incidentId]);
    expect(after?.alert_count).toBe(3);
    expect(await eventsOf(result.incidentId as string)).toHaveLength(5);

    // A later batch at a severity no higher joins the incident and says nothing of severity.
    const later = signal(key, 'firing', 'low');
    await activities.recordAlerts({ signals: [later], incidentId: result.incidentId });
    const [, ...joined] = (await eventsOf(result.incidentId as string)).filter((event) => event.type === 'incident.updated');
    expect(joined.map((event) => event.data)).toEqual([
      { incident: expect.objectContaining({ alert_count: 4, severity: 'critical' }), alert_ids: [later.alertId], alert_id: later.alertId },
    ]);
  });

  it('resolves, then opens the next incident for firing alerts after the resolve in the same batch', async () => {
    const key = `k${randomUUID().slice(0, 8)}`;
    const first = await activities.recordAlerts({ signals: [signal(key, 'firing')], incidentId: null });
    const result = await activities.recordAlerts({
      signals: [signal(key, 'firing'), signal(key, 'resolved'), signal(key, 'firing'), signal(key, 'firing')],
      incidentId: first.incidentId,
    });
    const incidents = await stack.sql<{ id: string; status: string; alert_count: number }>(
      'select id, status, alert_count from incidents where fingerprint = ? order by created_at',
      [key],
    );
    expect(incidents).toEqual([
      { id: first.incidentId, status: 'resolved', alert_count: 2 },
      { id: result.incidentId, status: 'active', alert_count: 2 },
    ]);
    const [resolvedAlert] = await stack.sql<{ incident_id: string }>(
      `select incident_id from alerts where dedup_key = ? and status = 'resolved'`,
      [key],
    );
    expect(resolvedAlert?.incident_id).toBe(first.incidentId);
  });

  it('a key of an incident merged into another joins that target, and its resolve leaves the target open', async () => {
    const sourceKey = `k${randomUUID().slice(0, 8)}`;
    const targetKey = `k${randomUUID().slice(0, 8)}`;
    const source = await activities.recordAlerts({ signals: [signal(sourceKey, 'firing')], incidentId: null });
    const target = await activities.recordAlerts({ signals: [signal(targetKey, 'firing')], incidentId: null });
    await stack.http
      .post(`/api/v1/incidents/${target.incidentId}/merge`)
      .set(bearer(ownerToken))
      .send({ source_incident_ids: [source.incidentId] })
      .expect(200);
    // The source's workflow still names its own incident, resolved by the merge.
    expect(await activities.recordAlerts({ signals: [signal(sourceKey, 'firing')], incidentId: source.incidentId })).toEqual({
      incidentId: target.incidentId,
      created: false,
    });
    await activities.recordAlerts({ signals: [signal(sourceKey, 'resolved')], incidentId: target.incidentId });
    const rows = await stack.sql<{ id: string; status: string; alert_count: number }>(
      'select id, status, alert_count from incidents where id in (?, ?) order by created_at',
      [source.incidentId, target.incidentId],
    );
    expect(rows).toEqual([
      { id: source.incidentId, status: 'resolved', alert_count: 0 },
      { id: target.incidentId, status: 'active', alert_count: 3 },
    ]);
    expect((await timelineOf(target.incidentId as string)).at(-1)).toBe('alert_resolved');
    expect(await stack.sql('select id from incidents where fingerprint = ?', [sourceKey])).toHaveLength(1);
  });

  it('a resolved alert with no open incident is only stored', async () => {
    const key = `k${randomUUID().slice(0, 8)}`;
    expect(await activities.recordAlerts({ signals: [signal(key, 'resolved')], incidentId: null })).toEqual({
      incidentId: null,
      created: false,
    });
    expect(await stack.sql('select id from incidents where fingerprint = ?', [key])).toHaveLength(0);
    expect(await stack.sql('select id from alerts where dedup_key = ?', [key])).toHaveLength(1);
  });

  it('sends as many statements for 200 alerts on an open incident as for 2', async () => {
    const key = `k${randomUUID().slice(0, 8)}`;
    const opened = await activities.recordAlerts({ signals: [signal(key, 'firing')], incidentId: null });
    const statementsFor = async (count: number) => {
      statements.length = 0;
      await activities.recordAlerts({ signals: Array.from({ length: count }, () => signal(key, 'firing')), incidentId: opened.incidentId });
      return statements.length;
    };
    const small = await statementsFor(2);
    // Only the incident row is locked, never the organization row the tenant filter joins.
    expect(
      statements.filter((statement) => statement.includes('for update')).map((statement) => / for update of "i0"(?!,)/.test(statement)),
    ).toEqual([true]);
    expect(await statementsFor(200)).toBe(small);
    // begin, seen ids, incident for update, alerts, timeline, events, incident update, commit
    expect(small).toBeLessThanOrEqual(8);
    const [incident] = await stack.sql<{ alert_count: number }>('select alert_count from incidents where id = ?', [opened.incidentId]);
    expect(incident?.alert_count).toBe(203);
  });
});
