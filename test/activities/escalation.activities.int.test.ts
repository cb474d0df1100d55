import { randomUUID } from 'node:crypto';
import { createEscalationActivities, type PageLevelInput } from '../../activities/escalation.activities.ts';
import { createSecretBox } from '../../shared/crypto/secret-box.ts';
import type { MailMessage } from '../../shared/mail/mailer.ts';
import { createOutboundHttp } from '../../shared/net/outbound-http.ts';
import { createPageLinkSigner } from '../../shared/paging/page-link-token.ts';
import { startReceiver } from '../helpers/receiver.ts';
import { addMember, bearer, type Member } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createEscalationPagingStore } from '../../shared/db/access/escalation-paging.ts';
import { createPageMessageStore } from '../../shared/db/access/page-messages.ts';

/** The escalation activities against real PostgreSQL, called directly with a mailer that records (and can refuse) sends. */
describe('escalation activities (real PostgreSQL)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let stranger: Awaited<ReturnType<typeof registerOwner>>;
  let member: Member;
  const sent: MailMessage[] = [];
  let refuse: (message: MailMessage) => boolean = () => false;
  const scheduleId = randomUUID();
  let activities: ReturnType<typeof createEscalationActivities>;

  beforeAll(async () => {
    stack = await startTestStack();
    owner = await registerOwner(stack.http, 'page-activity');
    stranger = await registerOwner(stack.http, 'page-stranger');
    member = await addMember(stack, owner.token, 'engineer', 'paged');
    activities = createEscalationActivities({
      pageMessages: () => createPageMessageStore(stack.orm.em.fork()),
      escalationPaging: () => createEscalationPagingStore(stack.orm.em.fork()),
      mailer: {
        async send(message) {
          if (refuse(message)) throw new Error('mail server said no');
          sent.push(message);
        },
      },
      // The schedule port: the member is on call on this schedule, and the stranger would be if it crossed organizations.
      onCall: async (organizationId, id) =>
        organizationId === owner.organization.id && id === scheduleId ? [member.user.id, stranger.user.id] : [],
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const openIncident = async () =>
    (
      await stack.http
        .post('/api/v1/incidents')
        .set(bearer(owner.token))
        .send({ title: `Disk full ${randomUUID().slice(0, 6)}`, severity: 'high' })
        .expect(201)
    ).body.data as { id: string; title: string };
  const pagesOf = (incidentId: string) =>
    stack.orm.em
      .fork()
      .execute<Array<{ user_id: string; status: string; error: string | null; level: number; round: number }>>(
        'select user_id, status, error, level, round from pages where incident_id = ? order by user_id',
        [incidentId],
      );
  const levelInput = (incidentId: string, userIds: string[]): PageLevelInput => ({
    organizationId: owner.organization.id,
    incidentId,
    policyId: randomUUID(),
    round: 1,
    level: 1,
    urgency: 'high',
    userIds,
    publicUrl: 'https://tocsin.example.test',
  });

  it('pages each user once: a retried level sends nothing again', async () => {
    const incident = await openIncident();
    const input = levelInput(incident.id, [owner.user.id, member.user.id]);
    const before = sent.length;
    expect(await activities.pageEscalationTargets(input)).toEqual({ sent: 2, failed: 0, skipped: 0 });
    expect(await activities.pageEscalationTargets(input)).toEqual({ sent: 0, failed: 0, skipped: 2 });
    const mails = sent.slice(before);
    expect(mails.map((mail) => mail.to).sort()).toEqual([owner.email, member.email].sort());
    expect(mails[0]?.subject).toBe(`[HIGH] Page: ${incident.title}`);
    expect(mails[0]?.text).toContain(`https://tocsin.example.test/incidents/${incident.id}`);
    expect((await pagesOf(incident.id)).map((page) => page.status)).toEqual(['sent', 'sent']);
    const timeline = await stack.orm.em
      .fork()
      .execute<Array<{ message: string }>>("select message from incident_timeline where incident_id = ? and type = 'page'", [incident.id]);
    expect(timeline.map((entry) => entry.message)).toEqual(['Escalation level 1 paged (round 1): 2 sent, 0 failed']);
    const events = await stack.orm.em
      .fork()
      .execute<Array<{ data: { escalation: Record<string, unknown> } }>>(
        "select data from domain_events where incident_id = ? and type = 'escalation.updated'",
        [incident.id],
      );
    expect(events).toEqual([
      {
        data: {
          escalation: expect.objectContaining({
            round: 1,
            level: 1,
            sent: 2,
            failed: 0,
            pages: expect.arrayContaining([{ user_id: member.user.id, method: 'email', status: 'sent' }]),
          }),
        },
      },
    ]);
    // The next level is another page.
    expect(await activities.pageEscalationTargets({ ...input, level: 2 })).toEqual({ sent: 2, failed: 0, skipped: 0 });
  });

  it('records a failed send with its error and goes on with the others', async () => {
    const incident = await openIncident();
    refuse = (message) => message.to === member.email;
    try {
      expect(await activities.pageEscalationTargets(levelInput(incident.id, [owner.user.id, member.user.id]))).toEqual({
        sent: 1,
        failed: 1,
        skipped: 0,
      });
    } finally {
      refuse = () => false;
    }
    const pages = await pagesOf(incident.id);
    expect(pages.find((page) => page.user_id === member.user.id)).toMatchObject({ status: 'failed', error: 'mail server said no' });
    expect(pages.find((page) => page.user_id === owner.user.id)).toMatchObject({ status: 'sent', error: null });
  });

  it('pages a new cycle afresh, and an older cycle, superseded by a reassignment or reopening, not at all', async () => {
    const incident = await openIncident();
    const before = sent.length;
    expect(await activities.pageEscalationTargets(levelInput(incident.id, [owner.user.id]))).toMatchObject({ sent: 1 });
    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).send({ status: 'resolved' }).expect(200);
    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).send({ status: 'active' }).expect(200);
    // Cycle 2's level 1 is a page of its own, not a repeat of cycle 1's.
    expect(await activities.pageEscalationTargets({ ...levelInput(incident.id, [owner.user.id]), cycle: 2 })).toEqual({
      sent: 1,
      failed: 0,
      skipped: 0,
    });
    // Cycle 1 is stale: neither its targets nor its pages go out.
    expect(await activities.pageEscalationTargets({ ...levelInput(incident.id, [owner.user.id]), level: 2 })).toEqual({
      sent: 0,
      failed: 0,
      skipped: 1,
      end: 'reassigned',
    });
    expect(
      await activities.resolveEscalationTargets({
        organizationId: owner.organization.id,
        incidentId: incident.id,
        targets: [{ type: 'user', id: owner.user.id }],
      }),
    ).toEqual({ end: 'reassigned', userIds: [] });
    expect(sent.slice(before).map((mail) => mail.to)).toEqual([owner.email, owner.email]);
    const pages = await stack.orm.em
      .fork()
      .execute<Array<{ cycle: number; level: number }>>('select cycle, level from pages where incident_id = ? order by cycle', [
        incident.id,
      ]);
    expect(pages).toEqual([
      { cycle: 1, level: 1 },
      { cycle: 2, level: 1 },
    ]);
  });

  it('sends a level 1 due when its cycle began though the incident was resolved since; not once acknowledged, nor for an older cycle', async () => {
    const incident = await openIncident();
    const before = sent.length;
    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).send({ status: 'resolved' }).expect(200);
    // Not due: a resolved incident pages nobody.
    expect(await activities.pageEscalationTargets(levelInput(incident.id, [owner.user.id]))).toMatchObject({ sent: 0, end: 'resolved' });
    const targets = {
      organizationId: owner.organization.id,
      incidentId: incident.id,
      targets: [{ type: 'user' as const, id: owner.user.id }],
    };
    expect(await activities.resolveEscalationTargets(targets)).toEqual({ end: 'resolved', userIds: [] });
    // Due: the resolution came after the cycle began, so its level 1 still goes out, once.
    expect(await activities.resolveEscalationTargets({ ...targets, sendIfResolved: true })).toEqual({
      end: null,
      userIds: [owner.user.id],
    });
    expect(await activities.pageEscalationTargets({ ...levelInput(incident.id, [owner.user.id]), sendIfResolved: true })).toMatchObject({
      sent: 1,
    });
    expect(await activities.pageEscalationTargets({ ...levelInput(incident.id, [owner.user.id]), sendIfResolved: true })).toMatchObject({
      sent: 0,
      skipped: 1,
    });
    // Cycle 2, acknowledged: someone is on it, nothing is due any more; cycle 1 is stale.
    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).send({ status: 'active' }).expect(200);
    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).send({ status: 'investigating' }).expect(200);
    expect(
      await activities.pageEscalationTargets({ ...levelInput(incident.id, [owner.user.id]), cycle: 2, sendIfResolved: true }),
    ).toMatchObject({ sent: 0, end: 'acknowledged' });
    expect(
      await activities.pageEscalationTargets({ ...levelInput(incident.id, [owner.user.id]), level: 2, sendIfResolved: true }),
    ).toMatchObject({ sent: 0, end: 'reassigned' });
    expect(sent.slice(before).map((mail) => mail.to)).toEqual([owner.email]);
  });

  it("never pages another organization's user, whatever the input names", async () => {
    const incident = await openIncident();
    const before = sent.length;
    expect(await activities.pageEscalationTargets(levelInput(incident.id, [stranger.user.id]))).toEqual({ sent: 0, failed: 0, skipped: 1 });
    expect(sent.slice(before)).toEqual([]);
    expect(await pagesOf(incident.id)).toEqual([]);
  });

  it('resolves users and schedules to members of the organization, once each, until the incident is acknowledged or resolved', async () => {
    const incident = await openIncident();
    const resolve = () =>
      activities.resolveEscalationTargets({
        organizationId: owner.organization.id,
        incidentId: incident.id,
        targets: [
          { type: 'user', id: member.user.id },
          { type: 'schedule', id: scheduleId },
          { type: 'user', id: stranger.user.id },
          { type: 'schedule', id: randomUUID() },
        ],
      });
    expect(await resolve()).toEqual({ end: null, userIds: [member.user.id] });

    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).send({ assignee_id: member.user.id }).expect(200);
    expect(await resolve()).toEqual({ end: 'acknowledged', userIds: [] });
    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).send({ status: 'resolved' }).expect(200);
    expect(await resolve()).toEqual({ end: 'resolved', userIds: [] });
    // Another organization's incident is not found from this one: nobody is paged for it.
    expect(
      await activities.resolveEscalationTargets({ organizationId: stranger.organization.id, incidentId: incident.id, targets: [] }),
    ).toEqual({ end: 'resolved', userIds: [] });
  });

  it('pages once per rule: a member planned through two rules gets two pages, a retried batch none again; webhook pages go through the outbound client', async () => {
    const receiver = await startReceiver();
    try {
      const withRules = createEscalationActivities({
        pageMessages: () => createPageMessageStore(stack.orm.em.fork()),
        escalationPaging: () => createEscalationPagingStore(stack.orm.em.fork()),
        mailer: {
          async send(message) {
            sent.push(message);
          },
        },
        secretBox: createSecretBox(stack.config.ENCRYPTION_KEY as string),
        // The receiver is on loopback: this client allows it, as OUTBOUND_ALLOW_PRIVATE does.
        outboundHttp: createOutboundHttp({ allowPrivate: true }),
        pageLinks: createPageLinkSigner(stack.config.ENCRYPTION_KEY as string),
      });
      const hook = (
        await stack.http
          .post('/api/v1/users/me/contact-methods')
          .set(bearer(member.token))
          .send({ type: 'webhook', label: 'Chat', url: `${receiver.url}/hook`, template: { text: '{{page.message}}' } })
          .expect(201)
      ).body.data as { id: string };
      const mail = (
        await stack.http
          .post('/api/v1/users/me/contact-methods')
          .set(bearer(member.token))
          .send({ type: 'email', address: member.email })
          .expect(201)
      ).body.data as { id: string };
      for (const contact_method_id of [hook.id, mail.id]) {
        await stack.http.post('/api/v1/users/me/notification-rules').set(bearer(member.token)).send({ contact_method_id }).expect(201);
      }
      const planned = await withRules.planEscalationPages({
        organizationId: owner.organization.id,
        userIds: [member.user.id],
        urgency: 'high',
      });
      expect(planned.map((page) => page.method).sort()).toEqual(['email', 'webhook']);
      // The other organization's planner sees none of these rules: the member gets the default page there.
      expect(
        await withRules.planEscalationPages({ organizationId: stranger.organization.id, userIds: [member.user.id], urgency: 'high' }),
      ).toEqual([{ userId: member.user.id, ruleId: null, contactMethodId: null, method: 'email', delayMs: 0 }]);

      const incident = await openIncident();
      const before = sent.length;
      const input = { ...levelInput(incident.id, []), userIds: undefined, pages: planned };
      expect(await withRules.pageEscalationTargets(input)).toEqual({ sent: 2, failed: 0, skipped: 0 });
      expect(await withRules.pageEscalationTargets(input)).toEqual({ sent: 0, failed: 0, skipped: 2 });
      expect(receiver.requests).toHaveLength(1);
      expect(JSON.parse(receiver.requests[0]?.body ?? '{}').text).toContain(incident.title);
      const mails = sent.slice(before);
      expect(mails.map((message) => message.to)).toEqual([member.email]);
      expect(mails[0]?.text).toMatch(/^Acknowledge with one click: https:\/\/tocsin\.example\.test\/api\/v1\/page-links\/v1\.\S+$/m);
      const pages = await stack.orm.em
        .fork()
        .execute<Array<{ method: string; status: string; rule_id: string | null }>>(
          'select method, status, rule_id from pages where incident_id = ? order by method',
          [incident.id],
        );
      expect(pages).toEqual([
        { method: 'email', status: 'sent', rule_id: expect.any(String) },
        { method: 'webhook', status: 'sent', rule_id: expect.any(String) },
      ]);

      const events = await stack.orm.em
        .fork()
        .execute<Array<{ data: { page: { method: string; user_id: string; rule_id: string } } }>>(
          "select data from domain_events where incident_id = ? and type = 'page.sent' order by data->'page'->>'method'",
          [incident.id],
        );
      expect(events.map((event) => [event.data.page.method, event.data.page.user_id])).toEqual([
        ['email', member.user.id],
        ['webhook', member.user.id],
      ]);

      // A delayed batch after an acknowledgement whose signal was lost sends nothing and says why.
      await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).send({ status: 'investigating' }).expect(200);
      expect(await withRules.pageEscalationTargets({ ...input, level: 2 })).toEqual({
        sent: 0,
        failed: 0,
        skipped: 2,
        end: 'acknowledged',
      });
      expect(receiver.requests).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});
