import { waitFor } from '../../dev/wait-for.ts';
import { escalationEnded, escalationOf, escalationRunning, PAGE_SUBJECT } from '../helpers/escalation.ts';
import {
  callParams,
  inboundSmsParams,
  messageStatusParams,
  postTwilioWebhook,
  startFakeTwilio,
  twilioAccount,
  type FakeTwilio,
  type FakeTwilioCall,
  type FakeTwilioMessage,
} from '../helpers/fake-twilio.ts';
import { addMember, bearer, type Member } from '../helpers/members.ts';
import { mailsTo } from '../helpers/outbox.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration, openAlertIncident } from '../helpers/webhooks.ts';

const PUBLIC_URL = 'https://tocsin.example.test';
const FROM_NUMBER = '+15005550006';
const SMS_NUMBER = '+14155550101';
const VOICE_NUMBER = '+14155550102';

interface Incident {
  id: string;
  title: string;
  status: string;
  timeline: Array<{ type: string; actor_id: string | null }>;
}

/**
 * SMS and voice pages end to end: an alert → the escalation workflow → the worker sends through
 * the official Twilio SDK to a local fake of Twilio's REST API → the member answers with a reply
 * or a key, posted to Tocsin signed exactly as Twilio signs webhooks → the incident changes once.
 */
describe('SMS and voice pages through Twilio (integration: real PostgreSQL and Temporal, worker, fake Twilio)', () => {
  let twilio: FakeTwilio;
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let smsMember: Member;
  let voiceMember: Member;
  let account: { accountSid: string; authToken: string };
  let integration: { id: string; secret: string };
  let voiceIntegration: { id: string; secret: string };
  const smsPath = () => `/api/v1/twilio/${owner.organization.id}/sms`;

  /** A phone contact method, verified with the code the channel delivered, paged at once. */
  async function addPhoneMethod(member: Member, type: 'sms' | 'voice', address: string) {
    const sentBefore = type === 'sms' ? twilio.messages.length : twilio.calls.length;
    const method = (await stack.http.post('/api/v1/users/me/contact-methods').set(bearer(member.token)).send({ type, address }).expect(201))
      .body.data as { id: string; verified: boolean };
    expect(method.verified).toBe(false);
    const code =
      type === 'sms'
        ? /code is (\d{6})/.exec((twilio.messages.slice(sentBefore).find((m) => m.to === address) as FakeTwilioMessage).body)?.[1]
        : /code is: ([\d, ]+)\./
            .exec((twilio.calls.slice(sentBefore).find((c) => c.to === address) as FakeTwilioCall).twiml ?? '')?.[1]
            ?.replaceAll(', ', '');
    const verified = await stack.http
      .post(`/api/v1/users/me/contact-methods/${method.id}/verify`)
      .set(bearer(member.token))
      .send({ code })
      .expect(200);
    expect(verified.body.data.verified).toBe(true);
    await stack.http
      .post('/api/v1/users/me/notification-rules')
      .set(bearer(member.token))
      .send({ contact_method_id: method.id, delay_minutes: 0, urgency: 'any' })
      .expect(201);
  }

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    account = twilio.addAccount(twilioAccount());
    stack = await startTestStack({ worker: true, env: { TWILIO_API_URL: twilio.url, PUBLIC_URL } });
    owner = await registerOwner(stack.http, 'twilio');
    smsMember = await addMember(stack, owner.token, 'engineer', 'sms');
    voiceMember = await addMember(stack, owner.token, 'engineer', 'voice');
    await stack.http
      .put('/api/v1/channel-connections/twilio')
      .set(bearer(owner.token))
      .send({ ...account, fromNumber: FROM_NUMBER })
      .expect(200);
    await addPhoneMethod(smsMember, 'sms', SMS_NUMBER);
    await addPhoneMethod(voiceMember, 'voice', VOICE_NUMBER);
    // Each integration pages one member first and the owner 30 minutes later: only an answer from
    // the phone ends the escalation within the test.
    const policy = async (name: string, first: Member) =>
      (
        await stack.http
          .post('/api/v1/escalation-policies')
          .set(bearer(owner.token))
          .send({
            name,
            levels: [
              { targets: [{ type: 'user', id: first.user.id }], delay_minutes: 30 },
              { targets: [{ type: 'user', id: owner.user.id }], delay_minutes: 30 },
            ],
          })
          .expect(201)
      ).body.data as { id: string };
    const route = async (first: Member, name: string) => {
      const created = await createIntegration(stack.http, owner.token, 'metrics_alerts');
      const { id } = await policy(name, first);
      await stack.http.patch(`/api/v1/integrations/${created.id}`).set(bearer(owner.token)).send({ escalation_policy_id: id }).expect(200);
      return created;
    };
    integration = await route(smsMember, 'SMS first');
    voiceIntegration = await route(voiceMember, 'Voice first');
  });
  afterAll(async () => {
    await stack?.stop();
    await twilio?.close();
  });

  const incidentOf = async (id: string) =>
    (await stack.http.get(`/api/v1/incidents/${id}`).set(bearer(owner.token)).expect(200)).body.data as Incident;
  const smsPageFor = (incident: { title: string }) =>
    waitFor(
      'the SMS page reached Twilio',
      async () => twilio.messages.find((m) => m.to === SMS_NUMBER && m.body.includes(incident.title)),
      {
        timeoutMs: 30_000,
        intervalMs: 100,
      },
    );
  const reply = (body: string, signing: Parameters<typeof postTwilioWebhook>[4] = account, params?: Record<string, string>) =>
    postTwilioWebhook(
      stack.http,
      PUBLIC_URL,
      smsPath(),
      params ?? inboundSmsParams(account, { from: SMS_NUMBER, to: FROM_NUMBER, body }),
      signing,
    );
  /** An incident and its SMS page. */
  const pagedIncident = async () => {
    const incident = await openAlertIncident<Incident>(stack.http, owner.token, integration, 'sms');
    const sms = await smsPageFor(incident);
    // The page's outcome is on the timeline once recorded, and the routing once the relay's batch
    // commits (its first level is paged before that): later entries are the answer's.
    await waitFor(
      'the routing and the page were recorded',
      async () => {
        const types = new Set((await incidentOf(incident.id)).timeline.map((entry) => entry.type));
        return types.has('routed') && types.has('page') ? true : undefined;
      },
      {
        timeoutMs: 10_000,
        intervalMs: 50,
      },
    );
    // The relay starts the escalation's workflow a moment after its first page.
    await escalationRunning(stack.http, owner.token, incident.id);
    return { incident, sms };
  };

  it('a page sends an SMS with the reply codes; a reply 4 from the member’s number acknowledges as the member, and the escalation stops', async () => {
    const { incident, sms } = await pagedIncident();
    expect(sms).toMatchObject({ accountSid: account.accountSid, from: FROM_NUMBER, to: SMS_NUMBER });
    expect(sms.body).toContain('Reply 4 to acknowledge, 6 to resolve');
    const page = (await escalationOf(stack.http, owner.token, incident.id)).pages.find((p) => p.user_id === smsMember.user.id);
    expect(page).toMatchObject({ method: 'sms', status: 'sent' });

    const answer = await reply('4').expect(200);
    expect(answer.headers['content-type']).toMatch(/^text\/xml/);
    expect(answer.text).toMatch(/<Response><Message>The incident is acknowledged by sms member\.<\/Message><\/Response>$/);
    const acknowledged = await incidentOf(incident.id);
    expect(acknowledged.status).toBe('investigating');
    expect(acknowledged.timeline).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'status_changed', actor_id: smsMember.user.id })]),
    );
    expect((await escalationEnded(stack.http, owner.token, incident.id)).ended).toBe('acknowledged');
    const audit = await stack.sql<{ event_type: string; actor_user_id: string }>(
      'select event_type, actor_user_id from audit_events where target_id = ? and event_type like ?',
      [incident.id, 'incidents.channel%'],
    );
    expect(audit).toEqual([{ event_type: 'incidents.channel_acknowledge', actor_user_id: smsMember.user.id }]);
  });

  it('a reply after someone else acknowledged changes nothing and says who did', async () => {
    const { incident } = await pagedIncident();
    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).send({ status: 'investigating' }).expect(200);
    const before = await incidentOf(incident.id);
    const answer = await reply('4').expect(200);
    expect(answer.text).toContain('Nothing to do: the incident was already acknowledged by');
    expect(answer.text).toContain('Owner');
    const after = await incidentOf(incident.id);
    expect(after.status).toBe('investigating');
    expect(after.timeline.map((entry) => entry.type)).toEqual(before.timeline.map((entry) => entry.type));
  });

  it('Twilio’s report that the SMS was undelivered marks the page failed, once signed and for the page’s own message', async () => {
    const { incident, sms } = await pagedIncident();
    const statusPath = new URL(sms.statusCallback as string).pathname;
    const pageOf = async () =>
      (await escalationOf(stack.http, owner.token, incident.id)).pages.find((p) => p.user_id === smsMember.user.id);
    const undelivered = messageStatusParams(account, {
      sid: sms.sid,
      from: FROM_NUMBER,
      to: SMS_NUMBER,
      status: 'undelivered',
      errorCode: '30003',
    });
    await postTwilioWebhook(stack.http, PUBLIC_URL, statusPath, undelivered, { forgedWith: 'f'.repeat(32) }).expect(401);
    // Another message's report names this page: nothing changes.
    await postTwilioWebhook(stack.http, PUBLIC_URL, statusPath, { ...undelivered, MessageSid: `SM${'0'.repeat(32)}` }, account).expect(200);
    // A delivered report changes nothing either.
    await postTwilioWebhook(stack.http, PUBLIC_URL, statusPath, { ...undelivered, MessageStatus: 'delivered' }, account).expect(200);
    expect(await pageOf()).toMatchObject({ status: 'sent' });
    await postTwilioWebhook(stack.http, PUBLIC_URL, statusPath, undelivered, account).expect(200);
    expect(await pageOf()).toMatchObject({ status: 'failed', error: 'Twilio reports the page undelivered (Twilio error 30003)' });
  });

  it('an unknown reply is answered with the codes; 9 escalates to the next level at once', async () => {
    const { incident } = await pagedIncident();
    const help = await reply('ok').expect(200);
    expect(help.text).toContain('Reply 4 to acknowledge, 6 to resolve, 9 to escalate');
    expect((await incidentOf(incident.id)).status).toBe('active');
    const escalated = await reply('9').expect(200);
    expect(escalated.text).toContain('The incident is escalated by sms member.');
    // Level 2 (the owner, by email: no contact methods) is paged now, not in 30 minutes.
    await waitFor(
      'the owner was paged',
      async () => ((await mailsTo(stack, owner.email, PAGE_SUBJECT)).some((mail) => mail.body.includes(incident.title)) ? true : undefined),
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    expect((await incidentOf(incident.id)).status).toBe('active');
  });

  it('forged, tampered, unsigned and replayed replies are refused with nothing changed', async () => {
    // A reply acknowledges the first incident; its request is kept to be replayed later.
    const first = await pagedIncident();
    const captured = inboundSmsParams(account, { from: SMS_NUMBER, to: FROM_NUMBER, body: '4' });
    await reply('4', account, captured).expect(200);
    expect((await incidentOf(first.incident.id)).status).toBe('investigating');

    const { incident } = await pagedIncident();
    const before = await incidentOf(incident.id);
    const forged = await reply('4', { forgedWith: 'f'.repeat(32) }).expect(401);
    expect(forged.body.error.code).toBe('WEBHOOK_VALIDATION_FAILED');
    await reply('4', 'unsigned').expect(401);
    // Signed for "9", delivered as "4".
    const signedParams = inboundSmsParams(account, { from: SMS_NUMBER, to: FROM_NUMBER, body: '9' });
    await postTwilioWebhook(stack.http, PUBLIC_URL, smsPath(), signedParams, account).send({ Body: '4' }).expect(401);
    // The captured request again, byte for byte: validly signed, but its MessageSid was acted on.
    // Without the replay guard it would acknowledge this incident, the member's most recent page.
    const replayed = await reply('4', account, captured).expect(200);
    expect(replayed.text).toMatch(/<Response\/>$/);
    const after = await incidentOf(incident.id);
    expect(after.status).toBe('active');
    expect(after.timeline.map((entry) => entry.type)).toEqual(before.timeline.map((entry) => entry.type));
    expect((await escalationOf(stack.http, owner.token, incident.id)).running).toBe(true);
  });

  it('another organization’s Twilio account or URL changes nothing here', async () => {
    const { incident } = await pagedIncident();
    const other = await registerOwner(stack.http, 'other');
    const otherAccount = twilio.addAccount(twilioAccount());
    await stack.http
      .put('/api/v1/channel-connections/twilio')
      .set(bearer(other.token))
      .send({ ...otherAccount, fromNumber: '+15005550007' })
      .expect(200);
    // The member's number texting the other organization's number: that organization paged nobody there.
    const elsewhere = await postTwilioWebhook(
      stack.http,
      PUBLIC_URL,
      `/api/v1/twilio/${other.organization.id}/sms`,
      inboundSmsParams(otherAccount, { from: SMS_NUMBER, to: '+15005550007', body: '4' }),
      otherAccount,
    ).expect(200);
    expect(elsewhere.text).toContain('Tocsin has paged no one at this number');
    // The other organization's account signing a request to this organization's URL.
    await reply('4', otherAccount, inboundSmsParams(otherAccount, { from: SMS_NUMBER, to: FROM_NUMBER, body: '4' })).expect(401);
    // This organization's token, but another account's AccountSid in the request.
    await reply('4', account, inboundSmsParams(otherAccount, { from: SMS_NUMBER, to: FROM_NUMBER, body: '4' })).expect(401);
    expect((await incidentOf(incident.id)).status).toBe('active');
  });

  it('the voice page’s call reads the incident with a Gather, and the key 4 acknowledges once', async () => {
    const incident = await openAlertIncident<Incident>(stack.http, owner.token, voiceIntegration, 'voice');
    const call = await waitFor('the call reached Twilio', async () => twilio.calls.find((c) => c.to === VOICE_NUMBER && c.url !== null), {
      timeoutMs: 30_000,
      intervalMs: 100,
    });
    expect(call).toMatchObject({ accountSid: account.accountSid, from: FROM_NUMBER, method: 'POST' });
    const pagePath = new URL(call.url as string).pathname;
    expect(call.url).toBe(`${PUBLIC_URL}${pagePath}`);
    const answered = callParams(account, { sid: call.sid, from: FROM_NUMBER, to: VOICE_NUMBER });

    await postTwilioWebhook(stack.http, PUBLIC_URL, pagePath, answered, { forgedWith: 'f'.repeat(32) }).expect(401);
    const twiml = (await postTwilioWebhook(stack.http, PUBLIC_URL, pagePath, answered, account).expect(200)).text;
    expect(twiml).toContain(incident.title);
    const gather = /<Gather numDigits="1" action="([^"]+)" method="POST"/.exec(twiml)?.[1];
    expect(gather).toBe(`${PUBLIC_URL}${pagePath}/gather`);
    const gatherPath = new URL(gather as string).pathname;

    // A key that does nothing asks again; 4 acknowledges as the called member.
    const unknown = (await postTwilioWebhook(stack.http, PUBLIC_URL, gatherPath, { ...answered, Digits: '5' }, account).expect(200)).text;
    expect(unknown).toContain('That key does nothing');
    expect((await incidentOf(incident.id)).status).toBe('active');
    const pressed = { ...answered, Digits: '4' };
    const done = (await postTwilioWebhook(stack.http, PUBLIC_URL, gatherPath, pressed, account).expect(200)).text;
    expect(done).toContain('The incident is acknowledged by voice member.');
    expect(done).toContain('<Hangup/>');
    const acknowledged = await incidentOf(incident.id);
    expect(acknowledged.status).toBe('investigating');
    expect(acknowledged.timeline).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'status_changed', actor_id: voiceMember.user.id })]),
    );
    expect((await escalationEnded(stack.http, owner.token, incident.id)).ended).toBe('acknowledged');

    // The same key of the same call again, after the owner reopened the incident: changes nothing.
    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).send({ status: 'active' }).expect(200);
    await postTwilioWebhook(stack.http, PUBLIC_URL, gatherPath, pressed, account).expect(200);
    expect((await incidentOf(incident.id)).status).toBe('active');
  });

  it('the Auth Token is never echoed, nor stored in plain text', async () => {
    const put = await stack.http
      .put('/api/v1/channel-connections/twilio')
      .set(bearer(owner.token))
      .send({ ...account, fromNumber: FROM_NUMBER })
      .expect(200);
    const listed = await stack.http.get('/api/v1/channel-connections').set(bearer(owner.token)).expect(200);
    for (const body of [put.text, listed.text]) {
      expect(body).toContain(account.accountSid);
      expect(body).not.toContain(account.authToken);
    }
    expect(put.body.data.summary).toEqual({ accountSid: account.accountSid, fromNumber: FROM_NUMBER });
    const rows = await stack.sql<{ config_sealed: string; summary: unknown }>(
      "select config_sealed, summary from channel_connections where kind = 'twilio' and organization_id = ?",
      [owner.organization.id],
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(account.authToken);
    // A malformed token is refused without echoing it back either.
    const bad = await stack.http
      .put('/api/v1/channel-connections/twilio')
      .set(bearer(owner.token))
      .send({ ...account, authToken: 'not-a-token-zzz', fromNumber: FROM_NUMBER })
      .expect(422);
    expect(bad.text).not.toContain('not-a-token-zzz');
  });
});
