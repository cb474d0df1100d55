import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { createAlertBucketActivities } from '../../../activities/alert-bucket.activities.ts';
import { createAlertTransactionStore } from '../../../shared/db/access/alert-transaction.ts';
import { createEscalationActivities } from '../../../activities/escalation.activities.ts';
import { waitFor } from '../../../dev/wait-for.ts';
import { NO_MUTE_RULES } from '../../../shared/domain/mute-rules.ts';
import { createLogger } from '../../../shared/logger.ts';
import type { MailMessage } from '../../../shared/mail/mailer.ts';
import { workflowIds } from '../../../shared/temporal/ids.ts';
import { createFirstLevelPager } from '../../../worker/outbox/first-level.ts';
import { createOutboxRelay } from '../../../worker/outbox/relay.ts';
import { createRelayStore } from '../../../shared/db/access/relay-batch.ts';
import { createRoutingRulesCache } from '../../../shared/db/routing-rules-cache.ts';
import { waitingEscalationView } from '../../../shared/temporal/escalation-messages.ts';
import { alertSignalOf } from '../../helpers/alert-signals.ts';
import { addMember, bearer, type Member } from '../../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../../helpers/stack.ts';
import { createIntegration } from '../../helpers/webhooks.ts';
import { escalationOf } from '../../helpers/escalation.ts';
import { createEscalationPagingStore } from '../../../shared/db/access/escalation-paging.ts';
import { createPageMessageStore } from '../../../shared/db/access/page-messages.ts';

/**
 * New incidents' level 1 paged from the relay's batch (worker/outbox/first-level.ts), against real
 * PostgreSQL and Temporal: each page once whatever races it, a crash between the pages and the
 * batch's commit pages nobody again, and the escalation workflow takes over from there.
 */
describe('first escalation level paged by the outbox relay (real PostgreSQL + Temporal)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let member: Member;
  let integrationId: string;
  let policyId: string;
  const sent: MailMessage[] = [];
  const logger = createLogger({ level: 'silent', name: 'first-level-test' });
  let escalation: ReturnType<typeof createEscalationActivities>;

  beforeAll(async () => {
    // No worker at first: the test drives the relay; the worker comes for the takeover.
    stack = await startTestStack();
    owner = await registerOwner(stack.http, 'first-level');
    member = await addMember(stack, owner.token, 'engineer', 'first-level-member');
    integrationId = (await createIntegration(stack.http, owner.token, 'metrics_alerts')).id;
    const targets = [
      { type: 'user', id: owner.user.id },
      { type: 'user', id: member.user.id },
    ];
    policyId = (
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(bearer(owner.token))
        .send({
          name: 'Both, then the owner',
          is_default: true,
          levels: [
            { targets, delay_minutes: 60 },
            { targets: [targets[0]], delay_minutes: 60 },
          ],
        })
        .expect(201)
    ).body.data.id as string;
    escalation = createEscalationActivities({
      pageMessages: () => createPageMessageStore(stack.orm.em.fork()),
      escalationPaging: () => createEscalationPagingStore(stack.orm.em.fork()),
      mailer: {
        async send(message) {
          sent.push(message);
        },
      },
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  /** Opens `count` incidents as ingestion does (one bucket batch): each writes its `incident.created`. */
  async function openIncidents(label: string, count: number): Promise<Array<{ id: string; title: string }>> {
    const alert = alertSignalOf({ organizationId: owner.organization.id, integrationId });
    const buckets = createAlertBucketActivities({
      alertTransactions: createAlertTransactionStore(stack.orm),
      integrationLiveness: { record: () => {} },
      muteRules: { forOrganization: async () => NO_MUTE_RULES },
    });
    const signals = Array.from({ length: count }, (_, n) => alert(`${label}-${n}`));
    expect(await buckets.recordAlertBatch({ signals })).toMatchObject({ opened: count });
    return stack.sql<{ id: string; title: string }>('select id, title from incidents where fingerprint like ? order by title', [
      `${label}-%`,
    ]);
  }

  /** An incident opened through the API with the policy that pages it. */
  const openByHand = async (title: string, escalationPolicyId: string) =>
    (
      await stack.http
        .post('/api/v1/incidents')
        .set(bearer(owner.token))
        .send({ title, escalation_policy_id: escalationPolicyId })
        .expect(201)
    ).body.data as { id: string; title: string };

  const pageMailsOf = (incident: { title: string }) => sent.filter((mail) => mail.subject.endsWith(`Page: ${incident.title}`));
  const pageRowsOf = (incidentIds: string[]) =>
    stack.sql<{ incident_id: string; user_id: string; status: string; attempts: number; level: number; created_at: Date }>(
      'select incident_id, user_id, status, attempts, level, created_at from pages where incident_id = any(?::uuid[])',
      [`{${incidentIds.join(',')}}`],
    );

  it('pages each target of each new incident once while two relay runs and the workflow level race for it', async () => {
    const incidents = await openIncidents('race', 30);
    const pager = createFirstLevelPager({ escalateLevel: escalation.escalateLevel, logger });
    const input = (incidentId: string) => ({
      organizationId: owner.organization.id,
      incidentId,
      policyId,
      urgency: 'high' as const,
      publicUrl: 'https://tocsin.example.test',
    });
    // For every incident at once: a relay run, a re-run of its batch, and the workflow's own level 1.
    const outcomes = await Promise.allSettled(
      incidents.flatMap((incident) => [
        pager(input(incident.id)),
        pager(input(incident.id)),
        escalation.escalateLevel({ ...input(incident.id), round: 1, level: 1, loadPolicy: true }),
      ]),
    );
    // A level that found the pages held by a running send fails, to be retried: never a page twice.
    for (const outcome of outcomes)
      if (outcome.status === 'rejected') expect(String(outcome.reason)).toMatch(/still held by another attempt/);
    for (const incident of incidents)
      expect(
        pageMailsOf(incident)
          .map((mail) => mail.to)
          .sort(),
      ).toEqual([member.email, owner.email].sort());
    const rows = await pageRowsOf(incidents.map((incident) => incident.id));
    expect(rows).toHaveLength(incidents.length * 2);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1 && row.level === 1)).toBe(true);
  });

  it('after a crash between its pages and its commit, the re-run batch pages nobody again and the workflow takes over from level 1', async () => {
    // Only this test's incidents in the relay's batches (the race above paged its own directly).
    await stack.sql('update domain_events set dispatched_at = now() where dispatched_at is null');
    const incidents = await openIncidents('crash', 20);
    const pageFirstLevel = createFirstLevelPager({ escalateLevel: escalation.escalateLevel, logger });
    const client = stack.temporal.client as unknown as Client;
    // The first run dies handing its escalations to their buckets (Temporal away): after paging, before its commit.
    const away = async () => {
      throw new Error('Temporal went away');
    };
    const unreachable = { ...client, workflow: { ...client.workflow, start: away, signalWithStart: away } } as unknown as Client;
    const relayOf = (temporal: Client) =>
      createOutboxRelay({
        store: createRelayStore(stack.orm),
        routingRules: createRoutingRulesCache({ orm: stack.orm }),
        temporal,
        taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
        logger,
        publicUrl: 'https://tocsin.example.test',
        pageFirstLevel,
      });
    await expect(relayOf(unreachable).relayBatch()).rejects.toThrow('Temporal went away');
    const pagedBeforeCrash = incidents.filter((incident) => pageMailsOf(incident).length > 0).length;
    expect(pagedBeforeCrash).toBeGreaterThan(0);
    const undispatched = await stack.sql<{ n: number }>(
      "select count(*)::int as n from domain_events where type = 'incident.created' and dispatched_at is null and incident_id = any(?::uuid[])",
      [`{${incidents.map((incident) => incident.id).join(',')}}`],
    );
    expect(undispatched[0]?.n).toBe(incidents.length);

    // The batch again, Temporal back: every incident paged, none twice, every escalation held.
    while ((await relayOf(client).relayBatch()) > 0);
    for (const incident of incidents) expect(pageMailsOf(incident)).toHaveLength(2);
    expect(await pageRowsOf(incidents.map((incident) => incident.id))).toHaveLength(incidents.length * 2);

    // Each waits for level 2 in its organization's bucket, due level 1's delay (60 minutes) after its
    // page, with no workflow of its own, and without paging level 1 again.
    await stack.startWorker();
    const pagedAt = new Map((await pageRowsOf(incidents.map((incident) => incident.id))).map((row) => [row.incident_id, row.created_at]));
    for (const incident of incidents) {
      const view = await waitingEscalationView(client, { organizationId: owner.organization.id, incidentId: incident.id, cycle: 1 });
      const waiting = view && 'waiting' in view ? view.waiting : undefined;
      expect(waiting).toMatchObject({ round: 1, level: 1, ended: null, policy_id: policyId });
      const afterPage = Date.parse(waiting?.next_escalation_at as string) - new Date(pagedAt.get(incident.id) as Date).getTime();
      expect(afterPage).toBeGreaterThanOrEqual(60 * 60_000 - 5_000);
      expect(afterPage).toBeLessThanOrEqual(60 * 60_000 + 5_000);
      await expect(client.workflow.getHandle(workflowIds.escalation(incident.id, 1)).describe()).rejects.toThrow(WorkflowNotFoundError);
    }
    expect(await pageRowsOf(incidents.map((incident) => incident.id))).toHaveLength(incidents.length * 2);

    // Acknowledging ends the escalation in its bucket, long before its delay ends: it never gets a workflow.
    const [first] = incidents as [{ id: string; title: string }];
    await stack.http.patch(`/api/v1/incidents/${first.id}`).set(bearer(owner.token)).send({ status: 'investigating' }).expect(200);
    const ended = await waitFor(
      'the acknowledgement reached the bucket',
      async () => {
        const current = await escalationOf(stack.http, owner.token, first.id);
        return current.ended ? current : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    expect(ended).toMatchObject({ running: false, ended: 'acknowledged', level: 1 });
    await expect(client.workflow.getHandle(workflowIds.escalation(first.id, 1)).describe()).rejects.toThrow(WorkflowNotFoundError);
    // The others still wait.
    const [, second] = incidents as [unknown, { id: string }];
    expect(await escalationOf(stack.http, owner.token, second.id)).toMatchObject({ running: true, level: 1, ended: null });
  });
  it('pages the level 1 of an incident opened by hand with a policy, as one opened by an alert', async () => {
    // The worker relays it: its level 1 is paged before the workflow runs a task.
    await stack.stopWorker();
    await stack.startWorker();
    const incident = await openByHand('opened by hand with a policy', policyId);
    const client = stack.temporal.client as unknown as Client;
    const handle = client.workflow.getHandle(workflowIds.escalation(incident.id, 1));
    // The API answers where a held escalation stands from its bucket: it has no workflow yet.
    const state = await waitFor(
      'the escalation waits for level 2',
      async () => {
        const current = await escalationOf(stack.http, owner.token, incident.id);
        return current.running && current.next_escalation_at ? current : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    expect(state).toMatchObject({ round: 1, level: 1, ended: null, policy: { id: policyId } });
    await expect(handle.describe()).rejects.toThrow(WorkflowNotFoundError);
    const rows = await pageRowsOf([incident.id]);
    expect(rows.map((row) => row.user_id).sort()).toEqual([member.user.id, owner.user.id].sort());
    expect(rows.every((row) => row.status === 'sent' && row.level === 1)).toBe(true);
  });

  it("an escalation with nothing to wait for after level 1 starts eagerly: its first task comes in the start's answer", async () => {
    const single = (
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(bearer(owner.token))
        .send({ name: 'The owner, once', levels: [{ targets: [{ type: 'user', id: owner.user.id }], delay_minutes: 60 }] })
        .expect(201)
    ).body.data.id as string;
    const incident = await openByHand('opened by hand with a one-level policy', single);
    const client = stack.temporal.client as unknown as Client;
    const handle = client.workflow.getHandle(workflowIds.escalation(incident.id, 1));
    const ended = await waitFor('the escalation started', () => handle.result().catch(() => undefined), {
      timeoutMs: 30_000,
      intervalMs: 100,
    });
    expect(ended).toEqual({ ended: 'exhausted' });
    const history = await handle.fetchHistory();
    expect(history.events?.some((event) => event.activityTaskScheduledEventAttributes)).toBe(false);
    // Started eagerly by the worker's relay: its first task was handed over in the start's answer,
    // so the start's identity (the relay's) took it, where a poll would show the worker's.
    const [started, , taken, completed] = history.events ?? [];
    const relayIdentity = started?.workflowExecutionStartedEventAttributes?.identity;
    expect(relayIdentity).toMatch(/outbox relay$/);
    expect(taken?.workflowTaskStartedEventAttributes?.identity).toBe(relayIdentity);
    expect(completed?.workflowTaskCompletedEventAttributes?.identity).not.toBe(relayIdentity);
    expect(await pageRowsOf([incident.id])).toEqual([expect.objectContaining({ user_id: owner.user.id, level: 1, status: 'sent' })]);
  });

  it('tells every member of an incident no policy pages, and nobody besides its pages of one a policy pages, opened or resolved, by mails started eagerly', async () => {
    const open = async (title: string, policy: string | undefined) =>
      (
        await stack.http
          .post('/api/v1/incidents')
          .set(bearer(owner.token))
          .send({ title, severity: 'critical', ...(policy ? { escalation_policy_id: policy } : {}) })
          .expect(201)
      ).body.data.id as string;
    const unpaged = await open('nobody paged', undefined);
    const paged = await open('paged by its policy', policyId);
    const relayed = (type: string) =>
      waitFor(
        `both ${type} events relayed`,
        async () => {
          const [row] = await stack.sql<{ n: number }>(
            'select count(*)::int as n from domain_events where type = ? and dispatched_at is not null and incident_id = any(?::uuid[])',
            [type, `{${unpaged},${paged}}`],
          );
          return row?.n === 2 ? true : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 100 },
      );
    const told = async (type: string) =>
      (
        await stack.sql<{ incident_id: string; user_id: string }>(
          'select incident_id, user_id from notifications where type = ? and incident_id = any(?::uuid[]) order by user_id',
          [type, `{${unpaged},${paged}}`],
        )
      ).map((row) => `${row.incident_id === paged ? 'paged' : 'unpaged'}:${row.user_id}`);
    const members = [owner.user.id, member.user.id].sort();
    await relayed('incident.created');
    expect(await told('incident.created')).toEqual(members.map((id) => `unpaged:${id}`));
    // Its pages went out instead: both members, level 1.
    await waitFor('the paged incident paged', async () => ((await pageRowsOf([paged])).length === 2 ? true : undefined), {
      timeoutMs: 30_000,
    });

    for (const id of [unpaged, paged])
      await stack.http.patch(`/api/v1/incidents/${id}`).set(bearer(owner.token)).send({ status: 'resolved' }).expect(200);
    await relayed('incident.resolved');
    expect(await told('incident.resolved')).toEqual(members.map((id) => `unpaged:${id}`));

    // Their mails' workflows were started eagerly too: each first task came in the start's answer.
    const client = stack.temporal.client as unknown as Client;
    const mailWorkflows = await waitFor(
      'the mail workflows of those notifications, completed',
      async () => {
        const found: string[] = [];
        for await (const execution of client.workflow.list({
          query: `WorkflowType = 'notificationMailBatchWorkflow' AND TocsinOrganizationId = '${owner.organization.id}' AND ExecutionStatus = 'Completed'`,
        }))
          found.push(execution.workflowId);
        return found.length >= 2 ? found : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    for (const workflowId of mailWorkflows) {
      const [started, , taken] = (await client.workflow.getHandle(workflowId).fetchHistory()).events ?? [];
      const relayIdentity = started?.workflowExecutionStartedEventAttributes?.identity;
      expect(relayIdentity).toMatch(/outbox relay$/);
      expect(taken?.workflowTaskStartedEventAttributes?.identity).toBe(relayIdentity);
    }
  });
});
