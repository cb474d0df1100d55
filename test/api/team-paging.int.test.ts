import { randomUUID } from 'node:crypto';
import { resolveMailpit, startMailpit, type RunningMailpit } from '../../dev/mailpit.ts';
import { toolCacheDir } from '../../shared/load-config.ts';
import { mailpitMail } from '../helpers/mailpit-mail.ts';
import { createOnCallSchedule, escalationEnded, escalationRunning } from '../helpers/escalation.ts';
import { addMember, bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { alertmanagerBody, createIntegration, postSigned } from '../helpers/webhooks.ts';

const PAGE = /Page: /;

/**
 * A team as owner and as target on the real stack: an alert on an integration the team owns, with
 * no routing rule and no policy of its own, pages through the team's default policy (not the
 * organization's), whose level targets the team: whoever the team's schedule has on call is paged
 * by email through Mailpit; the team's other member is not.
 */
describe('paging a team (integration: real PostgreSQL, Temporal, worker and Mailpit)', () => {
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
  const readMail = (to: string, subject: RegExp) => mailpitMail(mailpit).waitForMail(to, subject);

  it("pages the team's on-call through the team's default policy, before the organization's default", async () => {
    const owner = await registerOwner(stack.http, 'team-paging');
    const auth = bearer(owner.token);
    const onCall = await addMember(stack, owner.token, 'engineer', 'team-on-call', readMail);
    const teammate = await addMember(stack, owner.token, 'engineer', 'teammate', readMail);
    const outsider = await addMember(stack, owner.token, 'engineer', 'org-default', readMail);

    // The organization's default pages someone outside the team: it must not be used.
    await stack.http
      .post('/api/v1/escalation-policies')
      .set(auth)
      .send({
        name: 'Organization default',
        is_default: true,
        levels: [{ targets: [{ type: 'user', id: outsider.user.id }], delay_minutes: 60 }],
      })
      .expect(201);
    const team = (
      await stack.http
        .post('/api/v1/teams')
        .set(auth)
        .send({ name: 'Storage', members: [{ user_id: onCall.user.id }, { user_id: teammate.user.id }] })
        .expect(201)
    ).body.data;
    const schedule = await createOnCallSchedule(stack.http, owner.token, onCall.user.id, 'Europe/Berlin');
    await stack.http.patch(`/api/v1/schedules/${schedule.id}`).set(auth).send({ team_id: team.id }).expect(200);
    const teamPolicy = (
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(auth)
        .send({
          name: 'Storage on-call',
          // A second round after the delay: only the acknowledgement ends the chain within the test.
          repeat: 1,
          team_id: team.id,
          levels: [{ targets: [{ type: 'team', id: team.id }], delay_minutes: 60 }],
        })
        .expect(201)
    ).body.data;
    await stack.http.patch(`/api/v1/teams/${team.id}`).set(auth).send({ default_escalation_policy_id: teamPolicy.id }).expect(200);
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    await stack.http.patch(`/api/v1/integrations/${integration.id}`).set(auth).send({ team_id: team.id }).expect(200);

    const host = `team-${randomUUID().slice(0, 8)}`;
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(`fp-${host}`, 'firing', `${host} is down`)).expect(200);

    const page = await mailpitMail(mailpit).waitForMail(onCall.email, PAGE);
    expect(page.subject).toContain(`${host} is down`);
    expect(page.body).toMatch(/^Escalation level 1, round 1$/m);
    const incidentId = /\/incidents\/([0-9a-f-]{36})/.exec(page.body)?.[1] as string;
    expect(incidentId).toBeDefined();
    expect((await escalationRunning(stack.http, owner.token, incidentId)).policy?.id).toBe(teamPolicy.id);

    await stack.http.patch(`/api/v1/incidents/${incidentId}`).set(bearer(onCall.token)).send({ status: 'investigating' }).expect(200);
    const ended = await escalationEnded(stack.http, owner.token, incidentId);
    expect(ended.ended).toBe('acknowledged');
    // Only the on-call was paged: not the teammate off call, not the organization default's person.
    expect(ended.pages.map(({ level, user_id, status }) => ({ level, user_id, status }))).toEqual([
      { level: 1, user_id: onCall.user.id, status: 'sent' },
    ]);
    expect((await pagesTo(onCall.email)).length).toBe(1);
    expect(await pagesTo(teammate.email)).toEqual([]);
    expect(await pagesTo(outsider.email)).toEqual([]);
  });
});
