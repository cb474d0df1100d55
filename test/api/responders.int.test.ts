import { waitFor } from '../../dev/wait-for.ts';
import { escalationEnded, PAGE_SUBJECT } from '../helpers/escalation.ts';
import { addMember, bearer } from '../helpers/members.ts';
import { mailsTo, waitForMail } from '../helpers/outbox.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration, openAlertIncident } from '../helpers/webhooks.ts';

// 3 s: the delays run in real time on the real stack.
const SHORT = 0.05;

interface Responder {
  id: string;
  user_id: string;
  status: string;
}

/**
 * Responders and round-robin end to end: API → outbox relay → responder page workflow → the
 * worker's Mailer (outbox_messages, which the test reads) and the pages table.
 */
describe('responders and round-robin (integration: real PostgreSQL and Temporal, worker)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('pages an added responder once; a declined responder is never paged again; another organization sees nothing', async () => {
    const owner = await registerOwner(stack.http, 'responders');
    const helper = await addMember(stack, owner.token, 'engineer', 'helper');
    const incident = (
      await stack.http.post('/api/v1/incidents').set(bearer(owner.token)).send({ title: 'Database on fire', severity: 'high' }).expect(201)
    ).body.data as { id: string };

    const added = (
      await stack.http
        .post(`/api/v1/incidents/${incident.id}/responders`)
        .set(bearer(owner.token))
        .send({ targets: [{ type: 'user', id: helper.user.id }], message: 'Need a DBA' })
        .expect(201)
    ).body.data as { added: Responder[]; already_asked: string[] };
    expect(added.added).toEqual([expect.objectContaining({ user_id: helper.user.id, status: 'requested' })]);
    const responderId = added.added[0]?.id as string;

    const page = await waitForMail(stack, helper.email, PAGE_SUBJECT);
    expect(page.body).toContain('You are asked to help as a responder');
    expect(page.body).toContain('Message: Need a DBA');

    // Only the asked person answers.
    await stack.http.post(`/api/v1/incidents/${incident.id}/responders/${responderId}/decline`).set(bearer(owner.token)).expect(403);
    const declined = (
      await stack.http.post(`/api/v1/incidents/${incident.id}/responders/${responderId}/decline`).set(bearer(helper.token)).expect(200)
    ).body.data as Responder;
    expect(declined.status).toBe('declined');
    await stack.http.post(`/api/v1/incidents/${incident.id}/responders/${responderId}/accept`).set(bearer(helper.token)).expect(409);

    // Asked again: already asked, not paged again.
    const again = (
      await stack.http
        .post(`/api/v1/incidents/${incident.id}/responders`)
        .set(bearer(owner.token))
        .send({ targets: [{ type: 'user', id: helper.user.id }] })
        .expect(201)
    ).body.data as { added: Responder[]; already_asked: string[]; responders: Responder[] };
    expect(again.added).toEqual([]);
    expect(again.already_asked).toEqual([helper.user.id]);
    expect(again.responders).toEqual([expect.objectContaining({ id: responderId, status: 'declined' })]);
    // A marker request: once its page is out, the relay has handled every event before it.
    const marker = await addMember(stack, owner.token, 'engineer', 'marker');
    await stack.http
      .post(`/api/v1/incidents/${incident.id}/responders`)
      .set(bearer(owner.token))
      .send({ targets: [{ type: 'user', id: marker.user.id }] })
      .expect(201);
    await waitForMail(stack, marker.email, PAGE_SUBJECT);
    expect(await mailsTo(stack, helper.email, PAGE_SUBJECT)).toHaveLength(1);

    const detail = (await stack.http.get(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).expect(200)).body.data as {
      timeline: Array<{ type: string; message: string }>;
      responders: Responder[];
    };
    expect(detail.responders).toEqual([
      expect.objectContaining({ id: responderId, user_id: helper.user.id, status: 'declined', message: 'Need a DBA' }),
      expect.objectContaining({ user_id: marker.user.id, status: 'requested' }),
    ]);
    expect(detail.timeline.filter((entry) => entry.type === 'responder').map((entry) => entry.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/declined the request/), expect.stringMatching(/asked 1 responder/)]),
    );

    const other = await registerOwner(stack.http, 'responders-other');
    await stack.http.get(`/api/v1/incidents/${incident.id}/responders`).set(bearer(other.token)).expect(404);
    await stack.http
      .post(`/api/v1/incidents/${incident.id}/responders`)
      .set(bearer(other.token))
      .send({ targets: [{ type: 'user', id: other.user.id }] })
      .expect(404);
    await stack.http.post(`/api/v1/incidents/${incident.id}/responders/${responderId}/accept`).set(bearer(other.token)).expect(404);
    // Nor may the owner ask a member of another organization.
    await stack.http
      .post(`/api/v1/incidents/${incident.id}/responders`)
      .set(bearer(owner.token))
      .send({ targets: [{ type: 'user', id: other.user.id }] })
      .expect(422);
  });

  it('a round-robin level pages one member at a time, in order, each after the level delay', async () => {
    const owner = await registerOwner(stack.http, 'round-robin');
    const second = await addMember(stack, owner.token, 'engineer', 'second');
    const third = await addMember(stack, owner.token, 'engineer', 'third');
    const order = [owner.user.id, second.user.id, third.user.id];
    const policy = (
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(bearer(owner.token))
        .send({
          name: 'Round robin',
          levels: [{ targets: order.map((id) => ({ type: 'user', id })), delay_minutes: SHORT, mode: 'round_robin' }],
        })
        .expect(201)
    ).body.data as { id: string; levels: Array<{ mode: string }> };
    expect(policy.levels[0]?.mode).toBe('round_robin');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    await stack.http
      .patch(`/api/v1/integrations/${integration.id}`)
      .set(bearer(owner.token))
      .send({ escalation_policy_id: policy.id })
      .expect(200);

    const incident = await openAlertIncident(stack.http, owner.token, integration, 'rr');
    await waitFor(
      'the second member paged',
      async () => ((await mailsTo(stack, second.email, PAGE_SUBJECT)).length > 0 ? true : undefined),
      {
        timeoutMs: 30_000,
        intervalMs: 200,
      },
    );
    const ended = await escalationEnded(stack.http, owner.token, incident.id);
    expect(ended.ended).toBe('exhausted');
    const pages = ended.pages.filter((p) => p.status === 'sent');
    expect(pages.map((p) => p.user_id)).toEqual(order);
    for (let i = 1; i < pages.length; i += 1) {
      expect(Date.parse(pages[i]?.created_at as string) - Date.parse(pages[i - 1]?.created_at as string)).toBeGreaterThanOrEqual(2_900);
    }
    for (const member of [owner, second, third]) expect(await mailsTo(stack, member.email, PAGE_SUBJECT)).toHaveLength(1);
  });
});
