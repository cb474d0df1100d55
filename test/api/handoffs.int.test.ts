import { waitFor } from '../../dev/wait-for.ts';
import { resolveMailpit, startMailpit, type RunningMailpit } from '../../dev/mailpit.ts';
import { createHandoffNoticeActivities } from '../../activities/handoff-notice.activities.ts';
import { createHandoffNoticeStore } from '../../shared/db/access/handoff-notices.ts';
import { toolCacheDir } from '../../shared/load-config.ts';
import { createLogger } from '../../shared/logger.ts';
import { createMailer } from '../../shared/mail/mailer.ts';
import { createOutboxMessageStore } from '../../shared/db/access/outbox-messages.ts';
import { mailpitMail } from '../helpers/mailpit-mail.ts';
import { addMember, bearer, type Member } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

const NOTICE = /^On call soon: /;
const HOUR = 3_600_000;

/**
 * Handoff notices and shift swaps on the real stack: the worker's handoff workflow, planned again by
 * the outbox relay when an override is written, mailing through Mailpit; swaps over HTTP.
 */
describe('handoff notices and shift swaps (integration: real PostgreSQL, Temporal, worker and Mailpit)', () => {
  let mailpit: RunningMailpit;
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let incoming: Member;
  let colleague: Member;
  let other: Awaited<ReturnType<typeof registerOwner>>;
  const readMail = (to: string, subject: RegExp) => mailpitMail(mailpit).waitForMail(to, subject);

  beforeAll(async () => {
    mailpit = await startMailpit(await resolveMailpit({ explicitPath: process.env.MAILPIT_PATH || undefined, cacheDir: toolCacheDir() }));
    stack = await startTestStack({ worker: true, env: { SMTP_URL: mailpit.smtpUrl } });
    owner = await registerOwner(stack.http, 'handoffs');
    incoming = await addMember(stack, owner.token, 'engineer', 'incoming', readMail);
    colleague = await addMember(stack, owner.token, 'engineer', 'colleague', readMail);
    other = await registerOwner(stack.http, 'handoffs-other');
  }, 10 * 60_000);
  afterAll(async () => {
    await stack?.stop();
    await mailpit?.stop();
  });

  /** A daily rotation of `users`, handing off at 09:00 UTC since two days ago. */
  const schedule = async (name: string, users: string[]) =>
    (
      await stack.http
        .post('/api/v1/schedules')
        .set(bearer(owner.token))
        .send({
          name,
          time_zone: 'UTC',
          layers: [{ users, rotation: 'daily', handoff_time: '09:00', start: new Date(Date.now() - 2 * 86_400_000).toISOString() }],
        })
        .expect(201)
    ).body.data as { id: string };

  it('mails one notice for a shift starting soon, listing the open incidents inherited, however often the planner runs', async () => {
    await stack.http
      .patch('/api/v1/users/me/handoff-preferences')
      .set(bearer(incoming.token))
      .send({ handoff_notice_minutes: 15, notify_on_shift_end: false })
      .expect(200, { data: { handoff_notice_minutes: 15, notify_on_shift_end: false }, meta: {} });
    const primary = await schedule('Database primary', [owner.user.id]);
    const policy = await stack.http
      .post('/api/v1/escalation-policies')
      .set(bearer(owner.token))
      .send({ name: 'Database', levels: [{ targets: [{ type: 'schedule', id: primary.id }], delay_minutes: 30 }] })
      .expect(201);
    const incident = await stack.http
      .post('/api/v1/incidents')
      .set(bearer(owner.token))
      .send({ title: 'Replication lag on db-3', severity: 'high', status: 'investigating' })
      .expect(201);
    await stack.sql('update incidents set escalation_policy_id = ? where id = ?', [policy.body.data.id, incident.body.data.id]);

    // The incoming member takes over in 5 minutes: the 15-minute notice is due at once.
    const start = new Date(Date.now() + 5 * 60_000);
    await stack.http
      .post(`/api/v1/schedules/${primary.id}/overrides`)
      .set(bearer(owner.token))
      .send({ user_id: incoming.user.id, start: start.toISOString(), end: new Date(start.getTime() + HOUR).toISOString() })
      .expect(201);

    // Written, relayed, signalled, planned and sent: on a loaded machine this takes a while.
    const notice = await waitFor(
      'the handoff notice in Mailpit',
      async () => (await mailpitMail(mailpit).mailsTo(incoming.email, NOTICE))[0],
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    expect(notice.subject).toBe('On call soon: Database primary');
    expect(notice.body).toContain('Open incidents you inherit (1):');
    expect(notice.body).toContain(`[HIGH] Replication lag on db-3 (investigating)`);
    expect(notice.body).toContain(`/incidents/${incident.body.data.id}`);

    // The planner and the sender run twice more, as a restarted worker or a re-plan would.
    const activities = createHandoffNoticeActivities({
      handoffNotices: () => createHandoffNoticeStore(stack.orm.em.fork()),
      mailer: createMailer({
        smtpUrl: mailpit.smtpUrl,
        from: 'tocsin@example.test',
        outboxMessages: () => createOutboxMessageStore(stack.orm.em.fork()),
        logger: createLogger({ name: 'handoff-test', level: 'silent' }),
      }),
    });
    for (let run = 0; run < 2; run += 1) {
      await activities.planHandoffNotices({ organizationId: owner.user.organization_id });
      await activities.sendDueHandoffNotices({ organizationId: owner.user.organization_id, publicUrl: 'http://localhost' });
    }
    const rows = await stack.sql<{ kind: string; shift_start: string; sent: boolean }>(
      'select kind, (extract(epoch from shift_start) * 1000)::bigint::text as shift_start, sent_at is not null as sent from handoff_notices where user_id = ?',
      [incoming.user.id],
    );
    expect(rows).toEqual([{ kind: 'start', shift_start: String(start.getTime()), sent: true }]);
    expect(await mailpitMail(mailpit).mailsTo(incoming.email, NOTICE)).toHaveLength(1);
  }, 120_000);

  it('turns an accepted swap request into an override that /oncall shows; another organization neither sees nor accepts it', async () => {
    const support = await schedule('Support', [incoming.user.id]);
    const from = new Date(Date.now() + 26 * HOUR);
    const to = new Date(from.getTime() + 2 * HOUR);
    const body = { start: from.toISOString(), end: to.toISOString(), message: 'Dentist' };
    // Only a range the requester is on call for.
    await stack.http.post(`/api/v1/schedules/${support.id}/swap-requests`).set(bearer(colleague.token)).send(body).expect(422);
    const created = await stack.http
      .post(`/api/v1/schedules/${support.id}/swap-requests`)
      .set(bearer(incoming.token))
      .send(body)
      .expect(201);
    const request = created.body.data;
    expect(request).toMatchObject({ requester_id: incoming.user.id, status: 'open', override_id: null, message: 'Dentist' });
    const path = `/api/v1/schedules/${support.id}/swap-requests/${request.id}`;

    await stack.http.get(`/api/v1/schedules/${support.id}/swap-requests`).set(bearer(other.token)).expect(404);
    await stack.http.post(`${path}/accept`).set(bearer(other.token)).expect(404);
    await stack.http.post(`${path}/accept`).set(bearer(incoming.token)).expect(409);
    // Open to anyone: nobody declines it for the others.
    await stack.http.post(`${path}/decline`).set(bearer(colleague.token)).expect(409);

    const accepted = await stack.http.post(`${path}/accept`).set(bearer(colleague.token)).expect(200);
    expect(accepted.body.data).toMatchObject({ status: 'accepted', responder_id: colleague.user.id });
    await stack.http.post(`${path}/accept`).set(bearer(owner.token)).expect(409);
    await stack.http.post(`${path}/cancel`).set(bearer(incoming.token)).expect(409);

    const overrides = (await stack.http.get(`/api/v1/schedules/${support.id}`).set(bearer(owner.token)).expect(200)).body.data.overrides;
    expect(overrides).toEqual([
      expect.objectContaining({
        id: accepted.body.data.override_id,
        user_id: colleague.user.id,
        start: from.toISOString(),
        end: to.toISOString(),
      }),
    ]);
    const onCallAt = async (at: Date) =>
      (
        (await stack.http.get('/api/v1/oncall').query({ at: at.toISOString() }).set(bearer(owner.token)).expect(200)).body.data as Array<{
          schedule_id: string;
          user_id: string;
          source: string;
        }>
      ).find((item) => item.schedule_id === support.id);
    expect(await onCallAt(new Date(from.getTime() + HOUR))).toMatchObject({ user_id: colleague.user.id, source: 'override' });
    expect(await onCallAt(new Date(to.getTime() + HOUR))).toMatchObject({ user_id: incoming.user.id, source: 'layer' });
    // The other organization's /oncall knows nothing of it.
    const theirs = (await stack.http.get('/api/v1/oncall').set(bearer(other.token)).expect(200)).body.data as Array<{
      schedule_id: string;
    }>;
    expect(theirs.map((item) => item.schedule_id)).not.toContain(support.id);

    // A request to one member: the others cannot take it, that member may decline it.
    const targeted = await stack.http
      .post(`/api/v1/schedules/${support.id}/swap-requests`)
      .set(bearer(incoming.token))
      .send({
        start: new Date(to.getTime() + HOUR).toISOString(),
        end: new Date(to.getTime() + 2 * HOUR).toISOString(),
        target_user_id: owner.user.id,
      })
      .expect(201);
    const targetedPath = `/api/v1/schedules/${support.id}/swap-requests/${targeted.body.data.id}`;
    await stack.http.post(`${targetedPath}/accept`).set(bearer(colleague.token)).expect(404);
    const declined = await stack.http.post(`${targetedPath}/decline`).set(bearer(owner.token)).expect(200);
    expect(declined.body.data).toMatchObject({ status: 'declined', responder_id: owner.user.id, override_id: null });
  }, 120_000);
});
