import { waitFor } from '../../dev/wait-for.ts';
import { escalationOf, escalationRunning, type EscalationState, PAGE_SUBJECT } from '../helpers/escalation.ts';
import { addMember, bearer } from '../helpers/members.ts';
import { mailsTo, waitForMail } from '../helpers/outbox.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration, openAlertIncident } from '../helpers/webhooks.ts';

interface Incident {
  id: string;
  title: string;
  status: string;
  assignee_id: string | null;
  timeline: Array<{ type: string; actor_id: string | null; data: Record<string, unknown> }>;
}

/**
 * Reassigning and reopening on the real stack: the API ends the running escalation through a
 * workflow update, the outbox relay starts the incident's next cycle, and the worker pages.
 */
describe('reassign and reopen (integration: real PostgreSQL and Temporal, worker)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const createPolicy = async (token: string, name: string, userIds: string[]) =>
    (
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(bearer(token))
        // Long delays and a second round: only the actions under test move the escalation on or end it.
        .send({ name, repeat: 1, levels: userIds.map((id) => ({ targets: [{ type: 'user', id }], delay_minutes: 30 })) })
        .expect(201)
    ).body.data as { id: string };

  const openIncidentOn = async (token: string, policyId: string) => {
    const integration = await createIntegration(stack.http, token, 'metrics_alerts');
    await stack.http
      .patch(`/api/v1/integrations/${integration.id}`)
      .set(bearer(token))
      .send({ escalation_policy_id: policyId })
      .expect(200);
    return openAlertIncident<Incident>(stack.http, token, integration, 're');
  };
  const incidentOf = async (token: string, incidentId: string) =>
    (await stack.http.get(`/api/v1/incidents/${incidentId}`).set(bearer(token)).expect(200)).body.data as Incident;
  const waitForState = (token: string, incidentId: string, what: string, done: (state: EscalationState) => boolean) =>
    waitFor(
      what,
      async () => {
        const state = await escalationOf(stack.http, token, incidentId);
        return done(state) ? state : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );

  it('reassigning to a person ends the escalation and pages them at once; to a policy, a new cycle escalates on it from level 1', async () => {
    const owner = await registerOwner(stack.http, 'reassign');
    const second = await addMember(stack, owner.token, 'engineer', 'second');
    const third = await addMember(stack, owner.token, 'engineer', 'third');
    const fourth = await addMember(stack, owner.token, 'engineer', 'fourth');
    const primary = await createPolicy(owner.token, 'Primary', [owner.user.id, fourth.user.id]);
    const secondary = await createPolicy(owner.token, 'Secondary', [third.user.id]);
    const incident = await openIncidentOn(owner.token, primary.id);
    await waitForMail(stack, owner.email, PAGE_SUBJECT);
    await waitForState(owner.token, incident.id, 'level 1 waits', (state) => state.running && state.level === 1);

    const toPerson = await stack.http
      .post(`/api/v1/incidents/${incident.id}/reassign`)
      .set(bearer(owner.token))
      .send({ user_id: second.user.id })
      .expect(202);
    expect(toPerson.body.data).toMatchObject({
      cycle: 2,
      user_id: second.user.id,
      escalation_policy_id: null,
      previous: { policy_id: primary.id, level: 1, round: 1 },
    });
    const reassignedMail = await waitForMail(stack, second.email, PAGE_SUBJECT);
    expect(reassignedMail.body).toMatch(/^The incident was reassigned to you$/m);
    const paged = await waitForState(owner.token, incident.id, 'the new assignee paged', (state) =>
      state.pages.some((page) => page.cycle === 2 && page.status === 'sent'),
    );
    expect(paged.cycle).toBe(2);
    expect(paged.pages.filter((page) => page.cycle === 2)).toEqual([
      expect.objectContaining({ round: 1, level: 1, user_id: second.user.id, status: 'sent' }),
    ]);
    // Paging a person has no next level to move on to.
    expect((await stack.http.post(`/api/v1/incidents/${incident.id}/escalate`).set(bearer(owner.token)).expect(409)).body.code).toBe(
      'CONFLICT',
    );
    const assigned = await incidentOf(owner.token, incident.id);
    expect(assigned).toMatchObject({ status: 'active', assignee_id: second.user.id });
    expect(assigned.timeline.filter((entry) => entry.type === 'reassigned')).toEqual([
      expect.objectContaining({
        actor_id: owner.user.id,
        data: expect.objectContaining({ user_id: second.user.id, cycle: 2, previous: { policy_id: primary.id, level: 1, round: 1 } }),
      }),
    ]);

    const toPolicy = await stack.http
      .post(`/api/v1/incidents/${incident.id}/reassign`)
      .set(bearer(second.token))
      .send({ escalation_policy_id: secondary.id })
      .expect(202);
    expect(toPolicy.body.data).toMatchObject({ cycle: 3, user_id: null, escalation_policy_id: secondary.id });
    await waitForMail(stack, third.email, PAGE_SUBJECT);
    const restarted = await waitForState(
      owner.token,
      incident.id,
      'the new policy escalates',
      (state) => state.running && state.cycle === 3,
    );
    expect(restarted).toMatchObject({ policy: { id: secondary.id }, level: 1, round: 1, ended: null });
    expect((await incidentOf(owner.token, incident.id)).assignee_id).toBeNull();
    // Every page once: the first level of each cycle, nothing of the old chain after its reassignment.
    const pages = (await escalationOf(stack.http, owner.token, incident.id)).pages;
    expect(pages.map(({ cycle, round, level, user_id }) => [cycle, round, level, user_id])).toEqual([
      [1, 1, 1, owner.user.id],
      [2, 1, 1, second.user.id],
      [3, 1, 1, third.user.id],
    ]);
    expect(await mailsTo(stack, owner.email, PAGE_SUBJECT)).toHaveLength(1);
    expect(await mailsTo(stack, second.email, PAGE_SUBJECT)).toHaveLength(1);
    expect(await mailsTo(stack, fourth.email, PAGE_SUBJECT)).toEqual([]);

    const audit = (await stack.http.get('/api/v1/audit?event_type=incidents.reassign').set(bearer(owner.token)).expect(200)).body
      .data as Array<{
      action: string;
      target_id: string;
    }>;
    expect(audit).toHaveLength(2);
    expect(audit.every((event) => event.action === 'reassignIncident' && event.target_id === incident.id)).toBe(true);
  });

  it('refuses a viewer (403), another organization (404), a foreign or missing target (422) and a resolved incident (409)', async () => {
    const owner = await registerOwner(stack.http, 'reassign-refusals');
    const viewer = await addMember(stack, owner.token, 'viewer', 'viewer');
    const stranger = await registerOwner(stack.http, 'reassign-stranger');
    const strangerPolicy = await createPolicy(stranger.token, 'Theirs', [stranger.user.id]);
    const policy = await createPolicy(owner.token, 'Ours', [owner.user.id]);
    const incident = await openIncidentOn(owner.token, policy.id);
    await waitForMail(stack, owner.email, PAGE_SUBJECT);
    // The relay starts the escalation's workflow a moment after its first page.
    await escalationRunning(stack.http, owner.token, incident.id);
    const reassign = (token: string, body: Record<string, unknown>, id = incident.id) =>
      stack.http.post(`/api/v1/incidents/${id}/reassign`).set(bearer(token)).send(body);

    expect((await reassign(viewer.token, { user_id: owner.user.id }).expect(403)).body.code).toBe('INSUFFICIENT_PERMISSIONS');
    expect((await reassign(stranger.token, { user_id: stranger.user.id }).expect(404)).body.code).toBe('NOT_FOUND');
    const foreignUser = await reassign(owner.token, { user_id: stranger.user.id }).expect(422);
    expect(foreignUser.body.errors.map((error: { path: string }) => error.path)).toEqual(['body.user_id']);
    const foreignPolicy = await reassign(owner.token, { escalation_policy_id: strangerPolicy.id }).expect(422);
    expect(foreignPolicy.body.errors.map((error: { path: string }) => error.path)).toEqual(['body.escalation_policy_id']);
    expect((await reassign(owner.token, {}).expect(422)).body.code).toBe('VALIDATION_ERROR');
    await reassign(owner.token, { user_id: owner.user.id, escalation_policy_id: policy.id }).expect(422);
    await reassign(owner.token, { user_id: 'not-a-uuid' }).expect(422);
    // None of the refusals touched the incident or its escalation.
    expect(await escalationOf(stack.http, owner.token, incident.id)).toMatchObject({ cycle: 1, running: true, level: 1 });
    await stack.http.get(`/api/v1/incidents/${incident.id}/escalation`).set(bearer(stranger.token)).expect(404);

    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).send({ status: 'resolved' }).expect(200);
    expect((await reassign(owner.token, { user_id: owner.user.id }).expect(409)).body.code).toBe('CONFLICT');
  });

  it('a resolved incident that reopens pages level 1 again in a new cycle, each page once', async () => {
    const owner = await registerOwner(stack.http, 'reopen');
    const policy = await createPolicy(owner.token, 'Reopen', [owner.user.id]);
    const incident = await openIncidentOn(owner.token, policy.id);
    await waitForMail(stack, owner.email, PAGE_SUBJECT);
    for (const cycle of [2, 3]) {
      await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).send({ status: 'resolved' }).expect(200);
      await waitForState(owner.token, incident.id, `cycle ${cycle - 1} resolved`, (state) => !state.running && state.ended === 'resolved');
      await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).send({ status: 'active' }).expect(200);
      await waitFor(
        `cycle ${cycle} paged`,
        async () => ((await mailsTo(stack, owner.email, PAGE_SUBJECT)).length >= cycle ? true : undefined),
        {
          timeoutMs: 20_000,
          intervalMs: 100,
        },
      );
      const state = await waitForState(
        owner.token,
        incident.id,
        `cycle ${cycle} runs`,
        (current) => current.running && current.cycle === cycle,
      );
      expect(state).toMatchObject({ policy: { id: policy.id }, level: 1, round: 1 });
    }
    const { pages } = await escalationOf(stack.http, owner.token, incident.id);
    expect(pages.map(({ cycle, round, level, user_id, status }) => [cycle, round, level, user_id, status])).toEqual([
      [1, 1, 1, owner.user.id, 'sent'],
      [2, 1, 1, owner.user.id, 'sent'],
      [3, 1, 1, owner.user.id, 'sent'],
    ]);
    expect(await mailsTo(stack, owner.email, PAGE_SUBJECT)).toHaveLength(3);
  });
});
