import { randomUUID } from 'node:crypto';
import { WorkflowNotFoundError } from '@temporalio/client';
import { waitFor } from '../../dev/wait-for.ts';
import { workflowIds } from '../../shared/temporal/ids.ts';
import type { escalationWorkflow } from '../../workflows/escalation.workflow.ts';
import { createLevelsPolicy, escalationOf, PAGE_SUBJECT } from '../helpers/escalation.ts';
import { addMember, bearer } from '../helpers/members.ts';
import { mailsTo, outboxRelayed, waitForMail } from '../helpers/outbox.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { alertmanagerBody, createIntegration, postSigned } from '../helpers/webhooks.ts';

/**
 * Every new escalation cycle takes the path a new incident does: the outbox relay pages its level 1
 * in its batch and the cycle's workflow takes over from that level's delay. A cycle that began is
 * paged even when the incident is resolved a moment later (decision 0020).
 */
describe('new cycles page level 1 from the relay (integration: real PostgreSQL and Temporal, worker)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let integration: { id: string; secret: string };

  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
    owner = await registerOwner(stack.http, 'cycle-first-level');
    // A long delay before level 2: only a new cycle pages again within the test.
    const policyId = await createLevelsPolicy(stack.http, owner.token, 'Owner twice', [owner.user.id, owner.user.id], 30);
    integration = await createIntegration(stack.http, owner.token, 'metrics_alerts', `secret-${randomUUID()}`);
    await stack.http
      .patch(`/api/v1/integrations/${integration.id}`)
      .set(bearer(owner.token))
      .send({ escalation_policy_id: policyId, reopen_window_minutes: 30 })
      .expect(200);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const fire = (host: string, status: 'firing' | 'resolved' = 'firing') =>
    postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(host, status, `${host} is down`)).expect(200);
  const incidentOf = (host: string, what: string, done: (row: { id: string; status: string; escalation_cycle: number }) => boolean) =>
    waitFor(
      what,
      async () => {
        const [row] = await stack.sql<{ id: string; status: string; escalation_cycle: number }>(
          'select id, status, escalation_cycle from incidents where integration_id = ? and title like ?',
          [integration.id, `%${host}%`],
        );
        return row && done(row) ? row : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 50 },
    );
  const relayed = () => outboxRelayed(stack);
  const escalation = (incidentId: string, cycle: number) =>
    stack.temporal.client.workflow.getHandle<typeof escalationWorkflow>(workflowIds.escalation(incidentId, cycle));
  /** Whether the cycle's workflow ran an activity of its own (it pages level 1 itself only when the relay did not). */
  const workflowPaged = async (incidentId: string, cycle: number) =>
    (await escalation(incidentId, cycle).fetchHistory()).events?.some((event) => event.activityTaskScheduledEventAttributes) ?? false;
  const pagesOf = async (incidentId: string) =>
    (await escalationOf(stack.http, owner.token, incidentId)).pages.map(({ cycle, round, level, user_id, status }) => [
      cycle,
      round,
      level,
      user_id,
      status,
    ]);
  const pageMails = async (host: string) => (await mailsTo(stack, owner.email, PAGE_SUBJECT)).filter((mail) => mail.subject.includes(host));

  /** The cycle's escalation never got a workflow of its own: it waited in its bucket. */
  const noWorkflow = (incidentId: string, cycle: number) =>
    expect(escalation(incidentId, cycle).describe()).rejects.toThrow(WorkflowNotFoundError);

  it('an incident reopened by a new alert pages level 1 once, from the relay; its bucket holds the cycle until its next level', async () => {
    const host = `reopened-${randomUUID().slice(0, 8)}`;
    await fire(host);
    const { id } = await incidentOf(host, 'the alert opened an incident', () => true);
    await waitForMail(stack, owner.email, PAGE_SUBJECT);
    await fire(host, 'resolved');
    await incidentOf(host, 'resolved by its alert', (row) => row.status === 'resolved');
    await fire(host);
    await incidentOf(host, 'reopened', (row) => row.status === 'active' && row.escalation_cycle === 2);

    const state = await waitFor(
      'the cycle-2 escalation waits for level 2',
      async () => {
        const current = await escalationOf(stack.http, owner.token, id);
        return current.cycle === 2 && current.running && current.next_escalation_at ? current : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    expect(state).toMatchObject({ level: 1, round: 1 });
    await relayed();
    await noWorkflow(id, 2);
    expect(await pagesOf(id)).toEqual([
      [1, 1, 1, owner.user.id, 'sent'],
      [2, 1, 1, owner.user.id, 'sent'],
    ]);
    expect(await pageMails(host)).toHaveLength(2);
  }, 120_000);

  it('an incident moved back to active and resolved at once is still paged for level 1, once', async () => {
    const host = `flick-${randomUUID().slice(0, 8)}`;
    await fire(host);
    const { id } = await incidentOf(host, 'the alert opened an incident', () => true);
    await waitFor('the first page', async () => ((await pageMails(host)).length === 1 ? true : undefined), {
      timeoutMs: 30_000,
      intervalMs: 100,
    });
    await stack.http.patch(`/api/v1/incidents/${id}`).set(bearer(owner.token)).send({ status: 'resolved' }).expect(200);
    await relayed();

    // Back to active, then resolved as soon as the API answers: the cycle began, its level 1 was due.
    await stack.http.patch(`/api/v1/incidents/${id}`).set(bearer(owner.token)).send({ status: 'active' }).expect(200);
    await stack.http.patch(`/api/v1/incidents/${id}`).set(bearer(owner.token)).send({ status: 'resolved' }).expect(200);

    await relayed();
    // The resolution ended the cycle in its bucket, where it waited after its level 1.
    const ended = await waitFor(
      'the cycle-2 escalation ended',
      async () => {
        const current = await escalationOf(stack.http, owner.token, id);
        return current.cycle === 2 && current.ended ? current : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    expect(ended).toMatchObject({ running: false, ended: 'resolved', level: 1 });
    await noWorkflow(id, 2);
    expect(await pagesOf(id)).toEqual([
      [1, 1, 1, owner.user.id, 'sent'],
      [2, 1, 1, owner.user.id, 'sent'],
    ]);
    await waitFor('the cycle-2 page mail', async () => ((await pageMails(host)).length === 2 ? true : undefined), {
      timeoutMs: 20_000,
      intervalMs: 100,
    });
  }, 120_000);

  it('an incident reassigned to a person pages them once, from the relay; the workflow runs no activity of its own', async () => {
    const host = `reassigned-${randomUUID().slice(0, 8)}`;
    const second = await addMember(stack, owner.token, 'engineer', 'second');
    await fire(host);
    const { id } = await incidentOf(host, 'the alert opened an incident', () => true);
    await waitFor('the first page', async () => ((await pageMails(host)).length === 1 ? true : undefined), {
      timeoutMs: 30_000,
      intervalMs: 100,
    });
    await stack.http.post(`/api/v1/incidents/${id}/reassign`).set(bearer(owner.token)).send({ user_id: second.user.id }).expect(202);
    await waitForMail(stack, second.email, PAGE_SUBJECT);
    await relayed();
    // Email only, no delayed rule: nothing is left for the cycle's workflow to send.
    expect(await escalation(id, 2).result()).toEqual({ ended: 'exhausted' });
    const state = await escalationOf(stack.http, owner.token, id);
    expect(state.cycle).toBe(2);
    expect(state.pages.filter((page) => page.cycle === 2).map(({ user_id, status }) => [user_id, status])).toEqual([
      [second.user.id, 'sent'],
    ]);
    expect(await workflowPaged(id, 2)).toBe(false);
  }, 120_000);
});
