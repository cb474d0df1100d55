import { randomUUID } from 'node:crypto';
import { resolveMailpit, startMailpit, type RunningMailpit } from '../../dev/mailpit.ts';
import { toolCacheDir } from '../../shared/load-config.ts';
import { mailpitMail } from '../helpers/mailpit-mail.ts';
import { createOnCallSchedule, escalationEnded } from '../helpers/escalation.ts';
import { addMember, bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { alertmanagerBody, createIntegration, postSigned } from '../helpers/webhooks.ts';

// 3 s: the delays run in real time on the real stack.
const SHORT = 0.05;
const PAGE = /Page: /;

/**
 * Paging through a real SMTP server: webhook → incident → escalation workflow → the worker's SMTP
 * mailer → Mailpit, read back through Mailpit's API. A two-level policy over a schedule: whoever the
 * schedule has on call is paged, nobody acknowledges, level 2 is paged after its delay, and
 * acknowledging ends the chain.
 */
describe('paging through SMTP (integration: real PostgreSQL, Temporal, worker and Mailpit)', () => {
  let mailpit: RunningMailpit;
  let stack: TestStack;
  beforeAll(async () => {
    mailpit = await startMailpit(await resolveMailpit({ explicitPath: process.env.MAILPIT_PATH || undefined, cacheDir: toolCacheDir() }));
    stack = await startTestStack({ worker: true, env: { SMTP_URL: mailpit.smtpUrl } });
  }, 10 * 60_000);
  afterAll(async () => {
    await stack?.stop();
    await mailpit?.stop();
  });

  const pagesTo = (address: string) => mailpitMail(mailpit).mailsTo(address, PAGE);
  const waitForPage = (address: string) => mailpitMail(mailpit).waitForMail(address, PAGE);
  // Invitations go through Mailpit too.
  const readMail = (to: string, subject: RegExp) => mailpitMail(mailpit).waitForMail(to, subject);

  it('pages the schedule’s on-call, then level 2 after its delay; acknowledging stops it', async () => {
    const owner = await registerOwner(stack.http, 'smtp-paging');
    const onCall = await addMember(stack, owner.token, 'engineer', 'on-call', readMail);
    const lead = await addMember(stack, owner.token, 'engineer', 'lead', readMail);
    const schedule = await createOnCallSchedule(stack.http, owner.token, onCall.user.id, 'America/New_York');
    await stack.http
      .post('/api/v1/escalation-policies')
      .set(bearer(owner.token))
      .send({
        name: 'Schedule, then the lead',
        is_default: true,
        // A second round after level 2's delay: only the acknowledgement can end the chain in the test.
        repeat: 1,
        levels: [
          { targets: [{ type: 'schedule', id: schedule.id }], delay_minutes: SHORT },
          { targets: [{ type: 'user', id: lead.user.id }], delay_minutes: 60 },
        ],
      })
      .expect(201);
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const host = `smtp-${randomUUID().slice(0, 8)}`;
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(`fp-${host}`, 'firing', `${host} is down`)).expect(200);

    const first = await waitForPage(onCall.email);
    expect(first.subject).toContain(`${host} is down`);
    expect(first.body).toMatch(/^Escalation level 1, round 1$/m);
    const incidentId = /\/incidents\/([0-9a-f-]{36})/.exec(first.body)?.[1];
    expect(incidentId).toBeDefined();
    // The lead is not paged before level 1's delay has passed.
    expect(await pagesTo(lead.email)).toEqual([]);

    const second = await waitForPage(lead.email);
    expect(second.body).toMatch(/^Escalation level 2, round 1$/m);

    await stack.http.patch(`/api/v1/incidents/${incidentId}`).set(bearer(lead.token)).send({ status: 'investigating' }).expect(200);
    const ended = await escalationEnded(stack.http, owner.token, incidentId as string);
    expect(ended.ended).toBe('acknowledged');
    expect(ended.pages.map(({ level, user_id, status }) => ({ level, user_id, status }))).toEqual([
      { level: 1, user_id: onCall.user.id, status: 'sent' },
      { level: 2, user_id: lead.user.id, status: 'sent' },
    ]);
    // Each page reached the server exactly once.
    expect((await pagesTo(onCall.email)).length).toBe(1);
    expect((await pagesTo(lead.email)).length).toBe(1);
  });
});
