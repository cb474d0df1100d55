import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { createOutboxRelay, type OutboxRelayDeps } from '../../../worker/outbox/relay.ts';
import { createRelayStore } from '../../../shared/db/access/relay-batch.ts';
import { createRoutingRulesCache } from '../../../shared/db/routing-rules-cache.ts';
import { createOrmConfig, type Orm } from '../../../shared/db/orm.ts';
import { REALTIME_CHANNEL, REALTIME_EVENT_TYPES, type RealtimeNotice } from '../../../shared/domain/realtime.ts';
import { waitFor } from '../../../dev/wait-for.ts';
import { createLogger } from '../../../shared/logger.ts';
import { searchIndexBucketOf } from '../../../shared/domain/search.ts';
import { followUpTaskQueue, workflowIds } from '../../../shared/temporal/ids.ts';
import { addMember, bearer } from '../../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../../helpers/stack.ts';

const INCIDENTS = 6;
const UPDATES_PER_INCIDENT = 30;
const BATCH_SIZE = 64;

describe('outbox relay under a burst of events (real PostgreSQL + Temporal, no worker)', () => {
  let stack: TestStack;
  let orm: Orm;
  let listener: pg.Client;
  let queries = 0;
  const notices: RealtimeNotice[] = [];
  const started: string[] = [];

  beforeAll(async () => {
    // No worker, hence no relay running beside it: the test drives the relay batch by batch.
    stack = await startTestStack();
    // A second ORM on the same database that counts the statements the relay sends.
    orm = await MikroORM.init({
      ...createOrmConfig({ databaseUrl: stack.databaseUrl, poolMax: 2 }),
      debug: ['query'],
      logger: () => void (queries += 1),
    });
    await orm.em.fork().execute('select 1');
    listener = new pg.Client({ connectionString: stack.databaseUrl });
    await listener.connect();
    listener.on('notification', (message) => {
      if (message.payload) notices.push(JSON.parse(message.payload) as RealtimeNotice);
    });
    await listener.query(`LISTEN ${REALTIME_CHANNEL}`);
  });
  afterAll(async () => {
    // Nothing runs these workflows here: end them so they do not linger on the shared server.
    await Promise.all(
      started.map((id) =>
        stack.temporal.client.workflow
          .getHandle(id)
          .terminate('test over')
          .catch(() => undefined),
      ),
    );
    await listener?.end();
    await orm?.close();
    await stack?.stop();
  });

  it('relays a few hundred events across incidents: all of them, per incident in order, notified once, each delivery and indexing started', async () => {
    const owner = await registerOwner(stack.http, 'burst');
    const engineer = await addMember(stack, owner.token, 'engineer', 'burst-engineer');
    await stack.http
      .patch('/api/v1/organization-settings')
      .set(bearer(owner.token))
      .send({ notifications: { min_severity: 'low' } })
      .expect(200);
    const integration = await stack.http
      .post('/api/v1/integrations')
      .set(bearer(owner.token))
      .send({
        name: 'outbound',
        platform: 'metrics_alerts',
        webhook_config: { url: 'http://127.0.0.1:9/hook', events: ['incident.updated'] },
      })
      .expect(201);
    const incidents: string[] = [];
    for (let n = 0; n < INCIDENTS; n += 1) {
      incidents.push(
        (
          await stack.http
            .post('/api/v1/incidents')
            .set(bearer(owner.token))
            .send({ title: `burst ${n}`, severity: 'low' })
            .expect(201)
        ).body.data.id,
      );
    }
    // Round robin, so every batch mixes incidents; assigned to the engineer twice, to the owner (self) once.
    const assignee: Record<number, string> = { 5: engineer.user.id, 15: owner.user.id, 25: engineer.user.id };
    for (let step = 0; step < UPDATES_PER_INCIDENT; step += 1) {
      for (const id of incidents) {
        const body = assignee[step] ? { assignee_id: assignee[step] } : { tags: [`step-${step}`] };
        await stack.http.patch(`/api/v1/incidents/${id}`).set(bearer(owner.token)).send(body).expect(200);
      }
    }
    const db = stack.orm.em.fork();
    const events = await db.execute<Array<{ id: string; type: string; incident_id: string }>>(
      'select id, type, incident_id from domain_events where incident_id in (select value::uuid from json_array_elements_text(?::json)) order by created_at, id',
      [JSON.stringify(incidents)],
    );
    expect(events).toHaveLength(INCIDENTS * (1 + UPDATES_PER_INCIDENT));

    const relay = relayOnTestStack({ batchSize: BATCH_SIZE, indexSearch: true });
    for (const event of events) {
      if (event.type === 'incident.updated') started.push(workflowIds.delivery(event.id, integration.body.data.id));
    }
    const buckets = [...new Set(incidents.map((id) => searchIndexBucketOf({ type: 'incident', id })))];
    const bucketIds = buckets.map((bucket) => workflowIds.searchIndexBucket(owner.organization.id, bucket));
    started.push(...bucketIds);
    const perBatch: Array<{ events: number; queries: number }> = [];
    for (;;) {
      queries = 0;
      const relayed = await relay.relayBatch();
      if (relayed === 0) break;
      perBatch.push({ events: relayed, queries });
    }
    expect(perBatch.map((batch) => batch.events).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(events.length);
    // begin, claim, subscribers, organizations+members, previous assignees, insert, escalation policies, chat feeds,
    // notify, update, commit: not one per event.
    for (const batch of perBatch) expect(batch.queries).toBeLessThanOrEqual(11);
    const [{ pending }] = await db.execute<Array<{ pending: number }>>(
      'select count(*)::int as pending from domain_events where dispatched_at is null',
    );
    expect(pending).toBe(0);

    const realtime = new Set<string>(REALTIME_EVENT_TYPES);
    const expectedNotices = events.filter((event) => realtime.has(event.type));
    await waitForNotices(() => notices.filter((notice) => notice.kind === 'event').length >= expectedNotices.length);
    const eventNotices = notices.filter((notice): notice is Extract<RealtimeNotice, { kind: 'event' }> => notice.kind === 'event');
    expect(new Set(eventNotices.map((notice) => notice.id)).size).toBe(eventNotices.length);
    for (const id of incidents) {
      expect(eventNotices.filter((notice) => notice.incident_id === id).map((notice) => notice.id)).toEqual(
        expectedNotices.filter((event) => event.incident_id === id).map((event) => event.id),
      );
    }

    const notifications = await db.execute<Array<{ user_id: string; type: string; incident_id: string; event_id: string }>>(
      'select user_id, type, incident_id, event_id from notifications where organization_id = ? order by user_id, type',
      [owner.organization.id],
    );
    const count = (userId: string, type: string) => notifications.filter((row) => row.user_id === userId && row.type === type).length;
    expect([count(owner.user.id, 'incident.created'), count(engineer.user.id, 'incident.created')]).toEqual([INCIDENTS, INCIDENTS]);
    expect([count(owner.user.id, 'incident.assigned'), count(engineer.user.id, 'incident.assigned')]).toEqual([0, 2 * INCIDENTS]);
    expect(notifications).toHaveLength(4 * INCIDENTS);
    await waitForNotices(() => notices.filter((notice) => notice.kind === 'notification').length >= notifications.length);
    const notificationIds = notices.filter((notice) => notice.kind === 'notification').map((notice) => String(notice.data.id));
    expect(notificationIds).toHaveLength(notifications.length);
    expect(new Set(notificationIds).size).toBe(notificationIds.length);

    // One delivery per incident.updated event, one indexing workflow per incident.
    const described = await Promise.all(
      started.map((id) =>
        stack.temporal.client.workflow
          .getHandle(id)
          .describe()
          .then((d) => d.type),
      ),
    );
    expect(described.filter((type) => type === 'outboundDeliveryWorkflow')).toHaveLength(INCIDENTS * UPDATES_PER_INCIDENT);
    // Indexing: one bucket workflow per bucket the incidents hash to, none per document, and one
    // signal per bucket and batch carrying every incident of that bucket the batch changed.
    expect(described.filter((type) => type === 'searchIndexWorkflow')).toHaveLength(0);
    expect(described.filter((type) => type === 'searchIndexBucketWorkflow')).toHaveLength(buckets.length);
    // On the follow-up queue, whose slots are not ingestion's or paging's.
    const bucketQueues = await Promise.all(
      bucketIds.map(async (id) => (await stack.temporal.client.workflow.getHandle(id).describe()).taskQueue),
    );
    expect(new Set(bucketQueues)).toEqual(new Set([followUpTaskQueue(stack.config.TEMPORAL_TASK_QUEUE)]));
    const signalled = new Map<string, number>();
    for (const workflowId of bucketIds) {
      const history = await stack.temporal.client.workflow.getHandle(workflowId).fetchHistory();
      const signals = (history.events ?? []).filter((event) => event.workflowExecutionSignaledEventAttributes);
      expect(signals.length).toBeGreaterThan(0);
      expect(signals.length).toBeLessThanOrEqual(perBatch.length);
      for (const event of signals) {
        const payload = event.workflowExecutionSignaledEventAttributes?.input?.payloads?.[0]?.data;
        const { documents } = JSON.parse(Buffer.from(payload ?? []).toString('utf8')) as { documents: Array<{ id: string }> };
        // Each document once per signal.
        expect(new Set(documents.map((document) => document.id)).size).toBe(documents.length);
        for (const document of documents) signalled.set(document.id, (signalled.get(document.id) ?? 0) + 1);
      }
    }
    expect([...signalled.keys()].sort()).toEqual([...incidents].sort());

    // Emails (on by default): one per event and user (24 here), sent by one workflow per batch, not one per mail.
    const mailed = (await mailWorkflows(owner.organization.id, 24)).length;
    expect(mailed).toBeLessThanOrEqual(perBatch.length);

    // A crash before the dispatch was recorded re-runs the batches: nobody is notified twice.
    await db.execute(
      'update domain_events set dispatched_at = null where incident_id in (select value::uuid from json_array_elements_text(?::json))',
      [JSON.stringify(incidents)],
    );
    const noticesBefore = notices.filter((notice) => notice.kind === 'notification').length;
    while ((await relay.relayBatch()) > 0);
    const [{ again }] = await db.execute<Array<{ again: number }>>(
      'select count(*)::int as again from notifications where organization_id = ?',
      [owner.organization.id],
    );
    expect(again).toBe(notifications.length);
    await waitForNotices(() => notices.filter((notice) => notice.kind === 'event').length >= 2 * expectedNotices.length);
    expect(notices.filter((notice) => notice.kind === 'notification')).toHaveLength(noticesBefore);
    // ... nor mailed again: the re-run inserted no notification, so it started no mail workflow.
    expect(await mailWorkflows(owner.organization.id, 24)).toHaveLength(mailed);
  });

  it('is busy while it relays a batch, not while it polls an outbox it found empty', async () => {
    const owner = await registerOwner(stack.http, 'busy');
    const running = relayOnTestStack({ indexSearch: false, listen: { databaseUrl: stack.databaseUrl }, idleMs: 2 }).start();
    // Samples busy() between the event loop's turns (the relay's batch runs on the same loop).
    const sample = async (until: () => boolean, timeoutMs: number) => {
      let busy = 0;
      const end = Date.now() + timeoutMs;
      while (!until() && Date.now() < end) {
        if (running.busy()) busy += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
      return busy;
    };
    try {
      // Drained (the registration's events): then polling every 2 ms, never busy.
      await waitFor('the outbox drained', async () => ((await pendingEvents()) === 0 ? true : undefined), {
        timeoutMs: 10_000,
        intervalMs: 20,
      });
      // Past the first batches (the one LISTEN's start nudges is work, and so is the next).
      const drainedAt = running.stats().batches;
      await sample(() => running.stats().batches >= drainedAt + 20, 10_000);
      const polls = running.stats().batches;
      expect(await sample(() => false, 400)).toBe(0);
      expect(running.stats().batches - polls).toBeGreaterThan(10);
      // An incident's events, announced by NOTIFY: busy while their batch runs.
      const relayed = running.stats().relayedEvents;
      await stack.http.post('/api/v1/incidents').set(bearer(owner.token)).send({ title: 'busy', severity: 'low' }).expect(201);
      expect(await sample(() => running.stats().relayedEvents > relayed, 10_000)).toBeGreaterThan(0);
      expect(running.stats().relayedEvents).toBeGreaterThan(relayed);
    } finally {
      await running.stop();
    }
  });

  /** A relay on the test stack's database (its statements counted) and Temporal server. */
  function relayOnTestStack(
    options: Pick<OutboxRelayDeps, 'indexSearch'> & Partial<Pick<OutboxRelayDeps, 'batchSize' | 'listen' | 'idleMs'>>,
  ) {
    return createOutboxRelay({
      store: createRelayStore(orm),
      routingRules: createRoutingRulesCache({ orm }),
      temporal: stack.temporal.client,
      taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
      logger: createLogger({ name: 'test', level: 'silent' }),
      publicUrl: stack.config.publicUrl,
      ...options,
    });
  }

  async function pendingEvents(): Promise<number> {
    const [{ pending }] = await stack.orm.em
      .fork()
      .execute<Array<{ pending: number }>>('select count(*)::int as pending from domain_events where dispatched_at is null');
    return pending;
  }

  /**
   * The organization's mail workflows once they cover `mails` notifications (each id ends with its
   * chunk's count; visibility lags a little behind the starts). Nothing runs them here.
   */
  async function mailWorkflows(organizationId: string, mails: number): Promise<string[]> {
    const ids = await waitFor(
      `mail workflows for ${mails} notifications`,
      async () => {
        const found: string[] = [];
        for await (const execution of stack.temporal.client.workflow.list({
          query: `WorkflowType = 'notificationMailBatchWorkflow' AND TocsinOrganizationId = '${organizationId}'`,
        })) {
          found.push(execution.workflowId);
        }
        return found.reduce((sum, id) => sum + Number(id.split(':').at(-1)), 0) >= mails ? found : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    started.push(...ids.filter((id) => !started.includes(id)));
    expect(ids.reduce((sum, id) => sum + Number(id.split(':').at(-1)), 0)).toBe(mails);
    return ids;
  }
});

/** NOTIFY arrives on the listening connection shortly after commit. */
async function waitForNotices(done: () => boolean): Promise<void> {
  await waitFor('the notices', async () => (done() ? true : undefined), { timeoutMs: 10_000, intervalMs: 20 });
}
