import { randomUUID } from 'node:crypto';
import { waitFor } from '../../dev/wait-for.ts';
import { createOnCallSchedule, escalationEnded, escalationOf, escalationRunning, PAGE_SUBJECT } from '../helpers/escalation.ts';
import { addMember, bearer } from '../helpers/members.ts';
import { mailsTo, waitForMail } from '../helpers/outbox.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration, openAlertIncident } from '../helpers/webhooks.ts';

// 3 s: the delays run in real time on the real stack.
const SHORT = 0.05;

/**
 * Paging end to end: webhook → ingestion → incident → outbox relay → escalation workflow → the
 * worker's Mailer (outbox_messages without SMTP_URL, which the test reads) and the pages table;
 * PATCH /incidents/{id} acknowledging → relay → signal → no further page.
 */
describe('escalation (integration: real PostgreSQL and Temporal, worker)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('pages level 1 at once and level 2 after its delay; acknowledging by PATCH ends its wait at once and level 3 is never paged', async () => {
    const owner = await registerOwner(stack.http, 'paging');
    const second = await addMember(stack, owner.token, 'engineer', 'second');
    const third = await addMember(stack, owner.token, 'engineer', 'third');
    const policy = (
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(bearer(owner.token))
        .send({
          name: 'Three levels',
          levels: [
            { targets: [{ type: 'user', id: owner.user.id }], delay_minutes: SHORT },
            // Long enough that only the acknowledge signal can end the wait within the test.
            { targets: [{ type: 'user', id: second.user.id }], delay_minutes: 30 },
            { targets: [{ type: 'user', id: third.user.id }], delay_minutes: SHORT },
          ],
        })
        .expect(201)
    ).body.data as { id: string };
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    await stack.http
      .patch(`/api/v1/integrations/${integration.id}`)
      .set(bearer(owner.token))
      .send({ escalation_policy_id: policy.id })
      .expect(200);

    const incident = await openAlertIncident(stack.http, owner.token, integration, 'esc');
    const first = await waitForMail(stack, owner.email, PAGE_SUBJECT);
    expect(first.subject).toBe(`[CRITICAL] Page: ${incident.title}`);
    expect(first.body).toContain(`/incidents/${incident.id}`);
    expect(first.body).toMatch(/^Escalation level 1, round 1$/m);

    const waiting = await escalationRunning(stack.http, owner.token, incident.id);
    expect(waiting).toMatchObject({ policy: { id: policy.id }, running: true, level: 1, round: 1, ended: null });
    expect(waiting.pages).toEqual([
      expect.objectContaining({ round: 1, level: 1, user_id: owner.user.id, method: 'email', status: 'sent' }),
    ]);
    expect(Date.parse(waiting.next_escalation_at as string)).toBeGreaterThan(Date.parse(waiting.pages[0]?.created_at as string));
    // Nobody else is paged before level 1's delay.
    expect(await mailsTo(stack, second.email, PAGE_SUBJECT)).toEqual([]);

    const paged = await waitFor(
      'level 2 paged',
      async () => {
        const state = await escalationOf(stack.http, owner.token, incident.id);
        return state.pages.some((page) => page.level === 2 && page.status === 'sent') ? state : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    const [level1, level2] = paged.pages;
    expect(level2).toMatchObject({ round: 1, level: 2, user_id: second.user.id, status: 'sent' });
    expect(Date.parse(level2?.created_at as string) - Date.parse(level1?.created_at as string)).toBeGreaterThanOrEqual(2_900);
    expect((await mailsTo(stack, second.email, PAGE_SUBJECT)).map((mail) => mail.body)).toEqual([
      expect.stringMatching(/^Escalation level 2, round 1$/m),
    ]);

    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(second.token)).send({ status: 'investigating' }).expect(200);
    const ended = await escalationEnded(stack.http, owner.token, incident.id);
    expect(ended).toMatchObject({ ended: 'acknowledged', level: 2, next_escalation_at: null });
    expect(ended.pages.map((page) => page.level)).toEqual([1, 2]);
    expect(await mailsTo(stack, third.email, PAGE_SUBJECT)).toEqual([]);
    expect(await mailsTo(stack, owner.email, PAGE_SUBJECT)).toHaveLength(1);
    // Nothing is running any more to escalate.
    const refused = await stack.http.post(`/api/v1/incidents/${incident.id}/escalate`).set(bearer(owner.token)).expect(409);
    expect(refused.body.code).toBe('CONFLICT');
  });

  it('POST /incidents/{id}/escalate pages the next level at once; the default policy applies to integrations naming none', async () => {
    const owner = await registerOwner(stack.http, 'paging-now');
    const second = await addMember(stack, owner.token, 'engineer', 'second');
    await stack.http
      .post('/api/v1/escalation-policies')
      .set(bearer(owner.token))
      .send({
        name: 'Default',
        is_default: true,
        repeat: 1,
        levels: [
          { targets: [{ type: 'user', id: owner.user.id }], delay_minutes: 60 },
          { targets: [{ type: 'user', id: second.user.id }], delay_minutes: 60 },
        ],
      })
      .expect(201);
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const incident = await openAlertIncident(stack.http, owner.token, integration, 'esc');
    await waitForMail(stack, owner.email, PAGE_SUBJECT);
    await waitFor(
      'the escalation waits',
      async () => ((await escalationOf(stack.http, owner.token, incident.id)).next_escalation_at ? true : undefined),
      {
        timeoutMs: 10_000,
        intervalMs: 100,
      },
    );
    await stack.http.post(`/api/v1/incidents/${incident.id}/escalate`).set(bearer(owner.token)).expect(202);
    await waitForMail(stack, second.email, PAGE_SUBJECT);
    // Resolving ends it.
    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).send({ status: 'resolved' }).expect(200);
    const ended = await escalationEnded(stack.http, owner.token, incident.id);
    expect(ended.ended).toBe('resolved');
  });

  it('a schedule target pages whoever the schedule has on call at that moment: an override above the rotation', async () => {
    const owner = await registerOwner(stack.http, 'paging-oncall');
    const rotation = await addMember(stack, owner.token, 'engineer', 'rotation');
    const cover = await addMember(stack, owner.token, 'engineer', 'cover');
    const now = Date.now();
    const schedule = await createOnCallSchedule(stack.http, owner.token, rotation.user.id, 'Europe/Berlin');
    // The cover engineer takes the pager for the next hour, above the rotation.
    await stack.http
      .post(`/api/v1/schedules/${schedule.id}/overrides`)
      .set(bearer(cover.token))
      .send({ user_id: cover.user.id, start: new Date(now - 60_000).toISOString(), end: new Date(now + 3_600_000).toISOString() })
      .expect(201);
    const unknown = await stack.http
      .post('/api/v1/escalation-policies')
      .set(bearer(owner.token))
      .send({ name: 'Nowhere', levels: [{ targets: [{ type: 'schedule', id: randomUUID() }], delay_minutes: 5 }] })
      .expect(422);
    expect(unknown.body.errors.map((error: { path: string }) => error.path)).toEqual(['body.levels.0.targets.0.id']);
    await stack.http
      .post('/api/v1/escalation-policies')
      .set(bearer(owner.token))
      .send({ name: 'On call', is_default: true, levels: [{ targets: [{ type: 'schedule', id: schedule.id }], delay_minutes: 60 }] })
      .expect(201);
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const incident = await openAlertIncident(stack.http, owner.token, integration, 'esc');
    await waitForMail(stack, cover.email, PAGE_SUBJECT);
    const state = await escalationOf(stack.http, owner.token, incident.id);
    expect(state.pages.map((page) => page.user_id)).toEqual([cover.user.id]);
    expect(await mailsTo(stack, rotation.email, PAGE_SUBJECT)).toEqual([]);
  });

  it('without any policy nothing pages, and another organization cannot see an escalation', async () => {
    const owner = await registerOwner(stack.http, 'no-paging');
    const stranger = await registerOwner(stack.http, 'paging-stranger');
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const incident = await openAlertIncident(stack.http, owner.token, integration, 'esc');
    // Today's notification mail still goes out.
    await waitForMail(stack, owner.email, /New incident/);
    const state = await escalationOf(stack.http, owner.token, incident.id);
    // Routed (no rule, no policy), so it records the default urgency, and nothing runs.
    expect(state).toEqual({
      policy: null,
      urgency: 'high',
      routing_rule_id: null,
      cycle: 1,
      running: false,
      level: null,
      round: null,
      next_escalation_at: null,
      ended: null,
      snoozed_until: null,
      pages: [],
    });
    expect(await mailsTo(stack, owner.email, PAGE_SUBJECT)).toEqual([]);
    await stack.http.get(`/api/v1/incidents/${incident.id}/escalation`).set(bearer(stranger.token)).expect(404);
    await stack.http.post(`/api/v1/incidents/${incident.id}/escalate`).set(bearer(stranger.token)).expect(404);
  });
});
