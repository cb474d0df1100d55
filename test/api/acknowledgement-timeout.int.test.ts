import { waitFor } from '../../dev/wait-for.ts';
import { workflowIds } from '../../shared/temporal/ids.ts';
import type { acknowledgementWorkflow } from '../../workflows/acknowledgement.workflow.ts';
import { acknowledgementStateQuery } from '../../workflows/messages.ts';
import { escalationOf, PAGE_SUBJECT, type EscalationState } from '../helpers/escalation.ts';
import { addMember, bearer } from '../helpers/members.ts';
import { mailsTo, waitForMail } from '../helpers/outbox.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration, openAlertIncident } from '../helpers/webhooks.ts';

// 3 s: timers run in real time on the real stack.
const SHORT = 0.05;

interface Incident {
  id: string;
  title: string;
  status: string;
  timeline: Array<{ type: string; actor_id: string | null; data: Record<string, unknown> }>;
}

const pageKeys = (state: EscalationState) => state.pages.map(({ cycle, round, level, user_id }) => [cycle, round, level, user_id]);

/**
 * Acknowledgement timeouts, snoozes, re-paging and incidents created by hand, end to end: API →
 * outbox relay → acknowledgement and escalation workflows → the worker's pages and mails.
 */
describe('acknowledgement timeout, snooze and re-paging (integration: real PostgreSQL and Temporal, worker)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const createPolicy = async (token: string, userId: string, ackTimeout: number | null) =>
    (
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(bearer(token))
        // A long level delay: only the acknowledgement's timer can page again within the test.
        .send({
          name: 'One level',
          levels: [{ targets: [{ type: 'user', id: userId }], delay_minutes: 30 }],
          ack_timeout_minutes: ackTimeout,
        })
        .expect(201)
    ).body.data as { id: string; ack_timeout_minutes: number | null };
  const openIncidentOn = async (token: string, policyId: string) => {
    const integration = await createIntegration(stack.http, token, 'metrics_alerts');
    await stack.http
      .patch(`/api/v1/integrations/${integration.id}`)
      .set(bearer(token))
      .send({ escalation_policy_id: policyId })
      .expect(200);
    return openAlertIncident<Incident>(stack.http, token, integration, 'ack');
  };
  const incidentOf = async (token: string, id: string) =>
    (await stack.http.get(`/api/v1/incidents/${id}`).set(bearer(token)).expect(200)).body.data as Incident;
  const setStatus = (token: string, id: string, status: string) =>
    stack.http.patch(`/api/v1/incidents/${id}`).set(bearer(token)).send({ status }).expect(200);
  const acknowledgement = (incidentId: string, cycle: number) =>
    stack.temporal.client.workflow.getHandle<typeof acknowledgementWorkflow>(workflowIds.acknowledgement(incidentId, cycle));
  /** The timer's result, once the relay has started it (the acknowledgement reaches it through the outbox). */
  const timerResult = async (incidentId: string, cycle: number) => {
    await waitFor(
      `acknowledgement timer of cycle ${cycle} started`,
      async () => {
        try {
          return (await acknowledgement(incidentId, cycle).describe()) ? true : undefined;
        } catch {
          return undefined;
        }
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    return acknowledgement(incidentId, cycle).result();
  };
  const waitForPages = (token: string, incidentId: string, count: number) =>
    waitFor(
      `${count} pages`,
      async () => {
        const state = await escalationOf(stack.http, token, incidentId);
        return state.pages.filter((page) => page.status === 'sent').length >= count ? state : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );

  it('acknowledged and nothing else: after the timeout it is active again and level 1 is paged again exactly once', async () => {
    const owner = await registerOwner(stack.http, 'ack-timeout');
    const policy = await createPolicy(owner.token, owner.user.id, SHORT);
    expect(policy.ack_timeout_minutes).toBe(SHORT);
    const incident = await openIncidentOn(owner.token, policy.id);
    await waitForMail(stack, owner.email, PAGE_SUBJECT);
    await setStatus(owner.token, incident.id, 'investigating');

    // The cycle-1 timer fires once and sends the incident back to active; cycle 2 pages level 1.
    expect(await timerResult(incident.id, 1)).toEqual({ ended: 'ack_timeout' });
    const repaged = await waitForPages(owner.token, incident.id, 2);
    expect(pageKeys(repaged)).toEqual([
      [1, 1, 1, owner.user.id],
      [2, 1, 1, owner.user.id],
    ]);
    const after = await incidentOf(owner.token, incident.id);
    expect(after.status).toBe('active');
    expect(after.timeline.filter((entry) => entry.type === 'ack_timeout')).toEqual([
      expect.objectContaining({ actor_id: null, data: expect.objectContaining({ from: 'investigating', to: 'active', cycle: 1 }) }),
    ]);
    expect(await mailsTo(stack, owner.email, PAGE_SUBJECT)).toHaveLength(2);
    // Cycle 2 paged its one level (and so ended, exhausted, even before anyone acknowledges: the
    // timer is its own workflow); nobody acknowledged it, so no timer exists to page a third time.
    expect(await escalationOf(stack.http, owner.token, incident.id)).toMatchObject({ cycle: 2, level: 1 });
    await expect(acknowledgement(incident.id, 2).describe()).rejects.toThrow();
  });

  it('back to active by hand starts one new cycle from level 1; the old acknowledgement timer pages nobody', async () => {
    const owner = await registerOwner(stack.http, 'back-to-active');
    const second = await addMember(stack, owner.token, 'engineer', 'second');
    const policy = await createPolicy(owner.token, second.user.id, 0.1);
    const incident = await openIncidentOn(owner.token, policy.id);
    await waitForMail(stack, second.email, PAGE_SUBJECT);
    await setStatus(owner.token, incident.id, 'investigating');
    await waitFor(
      'the acknowledgement timer waits',
      async () => {
        try {
          return (await acknowledgement(incident.id, 1).describe()).status.name === 'RUNNING' || undefined;
        } catch {
          return undefined;
        }
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    await setStatus(owner.token, incident.id, 'active');
    const repaged = await waitForPages(owner.token, incident.id, 2);
    expect(repaged).toMatchObject({ cycle: 2, level: 1 });
    // The cycle-1 timer fires and finds the incident in cycle 2: it pages nobody.
    expect(await timerResult(incident.id, 1)).toEqual({ ended: 'left' });
    expect(pageKeys(await escalationOf(stack.http, owner.token, incident.id))).toEqual([
      [1, 1, 1, second.user.id],
      [2, 1, 1, second.user.id],
    ]);
    expect(await mailsTo(stack, second.email, PAGE_SUBJECT)).toHaveLength(2);
    expect((await incidentOf(owner.token, incident.id)).status).toBe('active');
  });

  it('POST /incidents/{id}/snooze: only acknowledged incidents, within bounds; it reaches the timer, on the timeline and audited', async () => {
    const owner = await registerOwner(stack.http, 'snooze');
    const viewer = await addMember(stack, owner.token, 'viewer', 'viewer');
    const policy = await createPolicy(owner.token, owner.user.id, null);
    const incident = await openIncidentOn(owner.token, policy.id);
    await waitForMail(stack, owner.email, PAGE_SUBJECT);
    const snooze = (token: string, body: object) =>
      stack.http.post(`/api/v1/incidents/${incident.id}/snooze`).set(bearer(token)).send(body);

    expect((await snooze(owner.token, { duration: 600 }).expect(409)).body.code).toBe('CONFLICT');
    await setStatus(owner.token, incident.id, 'investigating');
    for (const body of [{ duration: 59 }, { duration: 86_401 }, { duration: 90.5 }, {}, { duration: 600, extra: 1 }])
      expect((await snooze(owner.token, body).expect(422)).body.code).toBe('VALIDATION_ERROR');
    await snooze(viewer.token, { duration: 600 }).expect(403);
    const other = await registerOwner(stack.http, 'snooze-other');
    await snooze(other.token, { duration: 600 }).expect(404);

    const before = Date.now();
    const snoozed = (await snooze(owner.token, { duration: 600 }).expect(200)).body.data as { snoozed_until: string; cycle: number };
    const until = Date.parse(snoozed.snoozed_until);
    expect(until).toBeGreaterThanOrEqual(before + 600_000);
    expect(until).toBeLessThan(Date.now() + 600_000 + 1_000);
    // The relay signals the cycle's acknowledgement workflow (started again: the policy has no timeout).
    const state = await waitFor(
      'the timer knows the snooze',
      async () => {
        try {
          const current = await acknowledgement(incident.id, 1).query(acknowledgementStateQuery);
          return current.snoozed_until === snoozed.snoozed_until ? current : undefined;
        } catch {
          return undefined;
        }
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    expect(state.repage_at).toBe(snoozed.snoozed_until);
    const timeline = (await incidentOf(owner.token, incident.id)).timeline.filter((entry) => entry.type === 'snoozed');
    expect(timeline).toEqual([
      expect.objectContaining({ actor_id: owner.user.id, data: expect.objectContaining({ duration_seconds: 600, cycle: 1 }) }),
    ]);
    const audited = await stack.http.get('/api/v1/audit').query({ action: 'snoozeIncident' }).set(bearer(owner.token)).expect(200);
    const audit = audited.body.data as Array<{ event_type: string; target_id: string }>;
    expect(audit).toEqual([expect.objectContaining({ event_type: 'incidents.snooze', target_id: incident.id })]);

    // Resolving ends the snooze: nothing is left to page (the timer finds it resolved; workflow test).
    await setStatus(owner.token, incident.id, 'resolved');
    expect(await escalationOf(stack.http, owner.token, incident.id)).toMatchObject({ snoozed_until: null });
  });

  it('an incident created by hand pages its escalation policy from level 1, or its assignee', async () => {
    const owner = await registerOwner(stack.http, 'manual');
    const second = await addMember(stack, owner.token, 'engineer', 'second');
    const third = await addMember(stack, owner.token, 'engineer', 'third');
    const policy = await createPolicy(owner.token, second.user.id, null);
    const create = (body: Record<string, unknown>) =>
      stack.http
        .post('/api/v1/incidents')
        .set(bearer(owner.token))
        .send({ title: 'By hand', ...body })
        .expect(201);
    const onPolicy = (await create({ escalation_policy_id: policy.id })).body.data as {
      id: string;
      escalation_policy_id: string;
      urgency: string;
    };
    expect(onPolicy).toMatchObject({ escalation_policy_id: policy.id, urgency: 'high' });
    const paged = await waitForPages(owner.token, onPolicy.id, 1);
    expect(paged).toMatchObject({ cycle: 1, level: 1, policy: { id: policy.id } });
    expect(pageKeys(paged)).toEqual([[1, 1, 1, second.user.id]]);

    const assigned = (await create({ assignee_id: third.user.id })).body.data as { id: string };
    expect(pageKeys(await waitForPages(owner.token, assigned.id, 1))).toEqual([[1, 1, 1, third.user.id]]);
    expect(await mailsTo(stack, third.email, PAGE_SUBJECT)).toHaveLength(1);

    const unknownPolicy = await stack.http
      .post('/api/v1/incidents')
      .set(bearer(owner.token))
      .send({ title: 'x', escalation_policy_id: '00000000-0000-4000-8000-000000000000' })
      .expect(404);
    expect(unknownPolicy.body.code).toBe('NOT_FOUND');
  });
});
