import { randomUUID } from 'node:crypto';
import { waitFor } from '../../dev/wait-for.ts';
import { workflowIds } from '../../shared/temporal/ids.ts';
import type { acknowledgementWorkflow } from '../../workflows/acknowledgement.workflow.ts';
import { escalationOf, PAGE_SUBJECT, type EscalationState } from '../helpers/escalation.ts';
import { bearer } from '../helpers/members.ts';
import { mailsTo, outboxRelayed, waitForMail } from '../helpers/outbox.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { alertmanagerBody, createIntegration, postSigned } from '../helpers/webhooks.ts';

// 15 s: the old cycle's acknowledgement timer fires within the test, after the reopening.
const SHORT_ACK_TIMEOUT = 0.25;

const pageKeys = (state: EscalationState) => state.pages.map(({ cycle, round, level, user_id }) => [cycle, round, level, user_id]);

/**
 * A resolved incident and a new firing alert of its key, end to end: webhook → bucket workflow →
 * reopened (within the integration's reopen window) or a new incident → outbox relay → escalation.
 */
describe('reopen by a new alert (integration: real PostgreSQL and Temporal, worker)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let policyId: string;

  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
    owner = await registerOwner(stack.http, 'reopen-alert');
    policyId = (
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(bearer(owner.token))
        // A long level delay: only a new cycle (or the acknowledgement timer) can page again within the test.
        .send({
          name: 'Owner',
          levels: [{ targets: [{ type: 'user', id: owner.user.id }], delay_minutes: 30 }],
          ack_timeout_minutes: SHORT_ACK_TIMEOUT,
        })
        .expect(201)
    ).body.data.id as string;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const integrationWith = async (settings: Record<string, unknown>) => {
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts', `secret-${randomUUID()}`);
    const updated = await stack.http
      .patch(`/api/v1/integrations/${integration.id}`)
      .set(bearer(owner.token))
      .send({ escalation_policy_id: policyId, ...settings })
      .expect(200);
    return { ...integration, view: updated.body.data as Record<string, unknown> };
  };
  const incidentsOf = (integrationId: string) =>
    stack.sql<{ id: string; status: string; escalation_cycle: number; alert_count: number }>(
      'select id, status, escalation_cycle, alert_count from incidents where integration_id = ? order by created_at',
      [integrationId],
    );
  const waitForIncidents = (integrationId: string, what: string, done: (rows: Awaited<ReturnType<typeof incidentsOf>>) => boolean) =>
    waitFor(
      what,
      async () => {
        const rows = await incidentsOf(integrationId);
        return done(rows) ? rows : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
  const fire = (integration: { id: string; secret: string }, host: string, status: 'firing' | 'resolved' = 'firing') =>
    postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(host, status, `${host} is down`)).expect(200);
  const sentPages = (incidentId: string, count: number) =>
    waitFor(
      `${count} pages of ${incidentId}`,
      async () => {
        const state = await escalationOf(stack.http, owner.token, incidentId);
        return state.pages.filter((page) => page.status === 'sent').length >= count ? state : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
  /** Every domain event so far relayed: nothing more will start an escalation. */
  const relayed = () => outboxRelayed(stack);
  const acknowledgement = (incidentId: string, cycle: number) =>
    stack.temporal.client.workflow.getHandle<typeof acknowledgementWorkflow>(workflowIds.acknowledgement(incidentId, cycle));

  it('PATCH validates the reopen window and the integration shows it; null by default', async () => {
    const integration = await integrationWith({});
    expect(integration.view.reopen_window_minutes).toBeNull();
    for (const bad of [-1, 1441, 2.5, '30']) {
      const refused = await stack.http
        .patch(`/api/v1/integrations/${integration.id}`)
        .set(bearer(owner.token))
        .send({ reopen_window_minutes: bad })
        .expect(422);
      expect(refused.body.code).toBe('VALIDATION_ERROR');
    }
    const updated = await stack.http
      .patch(`/api/v1/integrations/${integration.id}`)
      .set(bearer(owner.token))
      .send({ reopen_window_minutes: 45 })
      .expect(200);
    expect(updated.body.data.reopen_window_minutes).toBe(45);
  });

  it('a new alert within the reopen window reopens the resolved incident and pages level 1 once in a new cycle; the old cycle pages nobody', async () => {
    const integration = await integrationWith({ reopen_window_minutes: 30 });
    const host = `reopen-${randomUUID().slice(0, 8)}`;
    await fire(integration, host);
    const [opened] = await waitForIncidents(integration.id, 'the alert opened an incident', (rows) => rows.length === 1);
    const incidentId = opened?.id as string;
    await waitForMail(stack, owner.email, PAGE_SUBJECT);

    // Cycle 1 acknowledged: its acknowledgement timer waits to page again.
    await stack.http.patch(`/api/v1/incidents/${incidentId}`).set(bearer(owner.token)).send({ status: 'investigating' }).expect(200);
    await waitFor(
      'the cycle-1 acknowledgement timer waits',
      async () => {
        try {
          return (await acknowledgement(incidentId, 1).describe()) ? true : undefined;
        } catch {
          return undefined;
        }
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    await fire(integration, host, 'resolved');
    await waitForIncidents(integration.id, 'resolved by its alert', (rows) => rows[0]?.status === 'resolved');

    await fire(integration, host);
    const rows = await waitForIncidents(integration.id, 'reopened', (current) => current[0]?.status === 'active');
    expect(rows).toEqual([{ id: incidentId, status: 'active', escalation_cycle: 2, alert_count: 2 }]);
    const state = await sentPages(incidentId, 2);
    expect(state).toMatchObject({ cycle: 2, level: 1 });

    // The cycle-1 timer ends without paging (its incident resolved and moved on to cycle 2).
    expect(await acknowledgement(incidentId, 1).result()).toEqual({ ended: 'left' });
    await relayed();
    expect(pageKeys(await escalationOf(stack.http, owner.token, incidentId))).toEqual([
      [1, 1, 1, owner.user.id],
      [2, 1, 1, owner.user.id],
    ]);
    expect((await mailsTo(stack, owner.email, PAGE_SUBJECT)).filter((mail) => mail.subject.includes(host))).toHaveLength(2);
    const timeline = (await stack.http.get(`/api/v1/incidents/${incidentId}`).set(bearer(owner.token)).expect(200)).body.data
      .timeline as Array<{ type: string; message: string; data: Record<string, unknown> }>;
    expect(timeline.find((entry) => entry.message.startsWith('Reopened by a new alert'))?.data).toMatchObject({
      from: 'resolved',
      to: 'active',
      reopen_window_minutes: 30,
      pages: true,
    });
  }, 120_000);

  it('without a reopen window (the default), or once it has passed, a new alert opens a new incident that pages', async () => {
    for (const settings of [{}, { reopen_window_minutes: 30 }]) {
      const integration = await integrationWith(settings);
      const host = `new-${randomUUID().slice(0, 8)}`;
      await fire(integration, host);
      const [first] = await waitForIncidents(integration.id, 'the alert opened an incident', (rows) => rows.length === 1);
      await sentPages(first?.id as string, 1);
      await fire(integration, host, 'resolved');
      await waitForIncidents(integration.id, 'resolved by its alert', (rows) => rows[0]?.status === 'resolved');
      // Resolved 31 minutes ago: past the 30-minute window.
      await stack.sql(`update incidents set resolved_at = now() - interval '31 minutes' where id = ?`, [first?.id]);
      await fire(integration, host);
      const rows = await waitForIncidents(integration.id, 'a second incident', (current) => current.length === 2);
      expect(rows.map((row) => [row.status, row.escalation_cycle, row.alert_count])).toEqual([
        ['resolved', 1, 1],
        ['active', 1, 1],
      ]);
      expect(pageKeys(await sentPages(rows[1]?.id as string, 1))).toEqual([[1, 1, 1, owner.user.id]]);
      await relayed();
      expect(pageKeys(await escalationOf(stack.http, owner.token, first?.id as string))).toEqual([[1, 1, 1, owner.user.id]]);
      // Reopening the first by hand would leave two open incidents on one dedup key: refused, nothing changed.
      const refused = await stack.http
        .patch(`/api/v1/incidents/${first?.id}`)
        .set(bearer(owner.token))
        .send({ status: 'active' })
        .expect(409);
      expect(refused.body.code).toBe('CONFLICT');
      expect((await incidentsOf(integration.id)).map((row) => row.status)).toEqual(['resolved', 'active']);
    }
  }, 120_000);
});
