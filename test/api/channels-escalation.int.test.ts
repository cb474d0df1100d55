import { randomBytes } from 'node:crypto';
import { waitFor } from '../../dev/wait-for.ts';
import { escalationEnded, escalationOf } from '../helpers/escalation.ts';
import { startFakeNtfy, type FakeNtfy } from '../helpers/fake-ntfy.ts';
import { buttonsOf, startFakeSlack, textOf, type FakeSlack, type FakeSlackMessage } from '../helpers/fake-slack.ts';
import {
  inboundSmsParams,
  postTwilioWebhook,
  startFakeTwilio,
  twilioAccount,
  type FakeTwilio,
  type FakeTwilioMessage,
} from '../helpers/fake-twilio.ts';
import { addMember, bearer, type Member } from '../helpers/members.ts';
import { addSlackContact, connectSlack, linkSlackAccount, pressButton } from '../helpers/slack-setup.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration, openAlertIncident } from '../helpers/webhooks.ts';

const PUBLIC_URL = 'https://tocsin.example.test';
const FROM_NUMBER = '+15005550006';
const PAT_NUMBER = '+14155550131';
const PAT_TOPIC = 'pat-pager';
const SAM_SLACK = 'U0SAM00002';
const SAM_DM = 'D0SAM00002';
const SIGNING_SECRET = randomBytes(16).toString('hex');
// The "sms at 2 min" and the level's wait, in the shortest real delays the API takes
// (fractions of a minute): the SMS rule fires 3 s after the push, level 2 is paged 9 s after level 1.
const SMS_RULE_DELAY_MINUTES = 0.05;
const LEVEL_ONE_DELAY_MINUTES = 0.15;

interface Incident {
  id: string;
  title: string;
  status: string;
  timeline: Array<{ type: string; actor_id: string | null }>;
}

/**
 * The scenario end to end: a two-level policy whose first person (Pat) has push at once and
 * SMS a little later, the second (Sam) Slack. Nobody answers, so each is paged in order; Sam's
 * Acknowledge press in Slack acknowledges, stops the escalation and updates the message to say who;
 * Pat's SMS reply `4` arriving afterwards changes nothing and says so. Real PostgreSQL, Temporal and
 * worker; ntfy, Twilio and Slack are local fakes that check requests as the vendors do.
 */
describe('a page escalating across push, SMS and Slack, acknowledged from Slack (integration: real stack, fake vendors)', () => {
  let ntfy: FakeNtfy;
  let twilio: FakeTwilio;
  let slack: FakeSlack;
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let pat: Member;
  let sam: Member;
  let account: { accountSid: string; authToken: string };
  let integration: { id: string; secret: string };

  const rule = (member: Member, contactMethodId: string, delayMinutes: number) =>
    stack.http
      .post('/api/v1/users/me/notification-rules')
      .set(bearer(member.token))
      .send({ contact_method_id: contactMethodId, delay_minutes: delayMinutes, urgency: 'any' })
      .expect(201);

  /** A contact method confirmed with the code its channel delivered (read from the fake). */
  async function verifiedMethod(member: Member, body: Record<string, unknown>, codeIn: () => string | undefined): Promise<string> {
    const created = await stack.http.post('/api/v1/users/me/contact-methods').set(bearer(member.token)).send(body).expect(201);
    const code = await waitFor('the verification code arrived', async () => codeIn(), { timeoutMs: 10_000, intervalMs: 50 });
    const id = created.body.data.id as string;
    await stack.http.post(`/api/v1/users/me/contact-methods/${id}/verify`).set(bearer(member.token)).send({ code }).expect(200);
    return id;
  }

  beforeAll(async () => {
    ntfy = await startFakeNtfy({ protectedTopics: [PAT_TOPIC] });
    twilio = await startFakeTwilio();
    account = twilio.addAccount(twilioAccount());
    slack = await startFakeSlack({ users: [SAM_SLACK], channels: [] });
    stack = await startTestStack({
      worker: true,
      env: {
        PUBLIC_URL,
        // The fake ntfy listens on loopback, which the outbound client refuses unless allowed.
        OUTBOUND_ALLOW_PRIVATE: 'true',
        TWILIO_API_URL: twilio.url,
        SLACK_API_URL: slack.apiUrl,
        SLACK_CLIENT_ID: slack.app.clientId,
        SLACK_CLIENT_SECRET: slack.app.clientSecret,
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
      },
    });
    owner = await registerOwner(stack.http, 'channels-escalation');
    pat = await addMember(stack, owner.token, 'engineer', 'pat');
    sam = await addMember(stack, owner.token, 'engineer', 'sam');

    await stack.http
      .put('/api/v1/channel-connections/twilio')
      .set(bearer(owner.token))
      .send({ ...account, fromNumber: FROM_NUMBER })
      .expect(200);
    await connectSlack(stack, slack, owner.token);

    const accessToken = ntfy.addToken([PAT_TOPIC]);
    const push = await verifiedMethod(
      pat,
      { type: 'push', topic: PAT_TOPIC, server_url: ntfy.url, access_token: accessToken },
      () => /(\d{6})/.exec(ntfy.messages.find((message) => message.topic === PAT_TOPIC)?.message ?? '')?.[1],
    );
    const sms = await verifiedMethod(
      pat,
      { type: 'sms', address: PAT_NUMBER },
      () => /code is (\d{6})/.exec(twilio.messages.find((message) => message.to === PAT_NUMBER)?.body ?? '')?.[1],
    );
    await rule(pat, push, 0);
    await rule(pat, sms, SMS_RULE_DELAY_MINUTES);
    await addSlackContact(stack, slack, sam.token, SAM_SLACK, SAM_DM);
    await linkSlackAccount(stack, SIGNING_SECRET, sam.token, slack.team.teamId, SAM_SLACK);

    const policy = await stack.http
      .post('/api/v1/escalation-policies')
      .set(bearer(owner.token))
      .send({
        name: 'Pat then Sam',
        // A second round keeps the escalation running after Sam is paged: only an answer ends it.
        repeat: 1,
        levels: [
          { targets: [{ type: 'user', id: pat.user.id }], delay_minutes: LEVEL_ONE_DELAY_MINUTES },
          { targets: [{ type: 'user', id: sam.user.id }], delay_minutes: 30 },
        ],
      })
      .expect(201);
    integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    await stack.http
      .patch(`/api/v1/integrations/${integration.id}`)
      .set(bearer(owner.token))
      .send({ escalation_policy_id: policy.body.data.id as string })
      .expect(200);
  });
  afterAll(async () => {
    await stack?.stop();
    await ntfy?.stop();
    await twilio?.close();
    await slack?.close();
  });

  const incidentOf = async (id: string) =>
    (await stack.http.get(`/api/v1/incidents/${id}`).set(bearer(owner.token)).expect(200)).body.data as Incident;

  it('pages push, then SMS, then Slack; Sam’s Slack press acknowledges and stops it; Pat’s late SMS reply changes nothing', async () => {
    const incident = await openAlertIncident<Incident>(stack.http, owner.token, integration, 'escalating');
    const about = (text: string | undefined) => (text ?? '').includes(incident.title);

    // Watch the three fakes; each page is stamped with the poll in which it first appeared, so
    // pages that arrived together (a delay ignored) share a stamp and fail the order below.
    let poll = 0;
    const seen: { push?: number; sms?: number; slack?: number } = {};
    let smsPage: FakeTwilioMessage | undefined;
    let slackPage: FakeSlackMessage | undefined;
    await waitFor(
      'push, SMS and Slack pages',
      async () => {
        poll += 1;
        if (seen.push === undefined && ntfy.messages.some((message) => message.topic === PAT_TOPIC && about(message.title)))
          seen.push = poll;
        smsPage ??= twilio.messages.find((message) => message.to === PAT_NUMBER && about(message.body));
        if (smsPage && seen.sms === undefined) seen.sms = poll;
        slackPage ??= slack.channelMessages(SAM_DM).find((message) => about(textOf(message.versions[0]!)));
        if (slackPage && seen.slack === undefined) seen.slack = poll;
        return seen.push && seen.sms && seen.slack ? true : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 50 },
    );
    expect(seen.push).toBeLessThan(seen.sms as number);
    expect(seen.sms).toBeLessThan(seen.slack as number);
    const pushPage = ntfy.messages.find((message) => message.topic === PAT_TOPIC && about(message.title));
    expect(pushPage?.actions?.map((action) => action.label)).toEqual(expect.arrayContaining(['Acknowledge', 'Resolve']));
    expect(smsPage?.body).toContain('Reply 4 to acknowledge');

    // The escalation recorded the same pages: level 1 by push and SMS to Pat, level 2 by Slack to Sam.
    const paged = await waitFor(
      'the three pages recorded as sent',
      async () => {
        const { pages } = await escalationOf(stack.http, owner.token, incident.id);
        return pages.length === 3 && pages.every((page) => page.status === 'sent') ? pages : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    expect(paged.map(({ level, user_id, method }) => ({ level, user_id, method }))).toEqual(
      expect.arrayContaining([
        { level: 1, user_id: pat.user.id, method: 'push' },
        { level: 1, user_id: pat.user.id, method: 'sms' },
        { level: 2, user_id: sam.user.id, method: 'slack' },
      ]),
    );
    expect((await incidentOf(incident.id)).status).toBe('active');
    expect(await escalationOf(stack.http, owner.token, incident.id)).toMatchObject({ running: true, level: 2, round: 1 });

    const page = slackPage as FakeSlackMessage;
    const acknowledge = buttonsOf(page.versions[0]!).find((button) => button.text === 'Acknowledge');
    expect(acknowledge).toBeDefined();
    await pressButton(stack, SIGNING_SECRET, {
      teamId: slack.team.teamId,
      userId: SAM_SLACK,
      channelId: page.channel,
      messageTs: page.ts,
      actionId: acknowledge!.action_id,
      value: acknowledge!.value,
    }).request.expect(200);

    const acknowledged = await incidentOf(incident.id);
    expect(acknowledged.status).toBe('investigating');
    expect(acknowledged.timeline).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'status_changed', actor_id: sam.user.id })]),
    );
    expect(await escalationEnded(stack.http, owner.token, incident.id)).toMatchObject({ ended: 'acknowledged', level: 2 });
    const updated = await waitFor('the Slack page updated', async () => page.versions[1], { timeoutMs: 20_000, intervalMs: 100 });
    expect(textOf(updated)).toContain('Acknowledged by sam member');
    expect(buttonsOf(updated).map((button) => button.text)).not.toContain('Acknowledge');

    // Pat's reply to the SMS arrives after Sam acknowledged: it is answered, and nothing changes.
    const before = await incidentOf(incident.id);
    const answer = await postTwilioWebhook(
      stack.http,
      PUBLIC_URL,
      `/api/v1/twilio/${owner.organization.id}/sms`,
      inboundSmsParams(account, { from: PAT_NUMBER, to: FROM_NUMBER, body: '4' }),
      account,
    ).expect(200);
    expect(answer.text).toContain('already acknowledged by sam member');
    const after = await incidentOf(incident.id);
    expect(after.status).toBe('investigating');
    expect(after.timeline).toEqual(before.timeline);
    const acknowledgements = await stack.sql<{ event_type: string; actor_user_id: string }>(
      'select event_type, actor_user_id from audit_events where target_id = ? and event_type like ?',
      [incident.id, 'incidents.channel%'],
    );
    expect(acknowledgements).toEqual([{ event_type: 'incidents.channel_acknowledge', actor_user_id: sam.user.id }]);
    // No one else was paged after the acknowledgement.
    expect((await escalationOf(stack.http, owner.token, incident.id)).pages).toHaveLength(3);
  }, 120_000);
});
