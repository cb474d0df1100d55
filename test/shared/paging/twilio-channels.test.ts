import type { ChannelPage } from '../../../shared/paging/channel.ts';
import { createSmsChannel } from '../../../shared/paging/channels/sms.ts';
import { createTwilioClients } from '../../../shared/paging/channels/twilio-client.ts';
import { createVoiceChannel } from '../../../shared/paging/channels/voice.ts';
import { publicUrlOf } from '../../../shared/paging/channels/twilio-webhook-urls.ts';
import { startFakeTwilio, twilioAccount, type FakeTwilio } from '../../helpers/fake-twilio.ts';

const PUBLIC_URL = 'https://tocsin.example.com';
const member = { address: '+14155550100', secret: null };

const page = (over: Partial<ChannelPage> = {}): ChannelPage => ({
  pageId: '0190e0f2-2222-7000-8000-000000000001',
  organizationId: '0190e0f2-1111-7000-8000-000000000000',
  userId: '0190e0f2-3333-7000-8000-000000000000',
  content: {
    incident: { id: 'inc-1', title: 'Checkout is down', severity: 'critical', status: 'active' },
    round: 1,
    level: 1,
    incidentUrl: `${PUBLIC_URL}/incidents/inc-1`,
  },
  actions: {},
  idempotencyKey: 'page-1',
  resend: false,
  ...over,
});

/** SMS and voice pages through the official SDK, pointed at the local fake of Twilio's REST API. */
describe('Twilio SMS and voice channels (the SDK against a fake Twilio)', () => {
  let twilio: FakeTwilio;
  let account: { accountSid: string; authToken: string };
  let connection: Record<string, unknown>;
  let sms: ReturnType<typeof createSmsChannel>;
  let voice: ReturnType<typeof createVoiceChannel>;
  beforeAll(async () => {
    twilio = await startFakeTwilio();
    account = twilio.addAccount(twilioAccount());
    connection = { ...account, fromNumber: '+14155550199' };
    const twilioClients = createTwilioClients({ apiUrl: twilio.url });
    sms = createSmsChannel({ twilioClients });
    voice = createVoiceChannel({ twilioClients });
  });
  afterAll(() => twilio.close());
  const signal = () => new AbortController().signal;

  it('an SMS page goes from the number to the member, with the reply codes; its SID is the message ref', async () => {
    const outcome = await sms.send(page(), member, connection, signal());
    const sent = twilio.messages.at(-1);
    expect(outcome).toEqual({ ok: true, messageRef: sent?.sid });
    expect(sent).toMatchObject({ accountSid: account.accountSid, to: member.address, from: '+14155550199', messagingServiceSid: null });
    expect(sent?.body).toContain('Checkout is down');
    expect(sent?.body).toContain('Reply 4 to acknowledge, 6 to resolve');
    // Twilio reports a final failure (undelivered) to the page's status URL.
    expect(sent?.statusCallback).toBe(`${PUBLIC_URL}/api/v1/twilio/${page().organizationId}/pages/${page().pageId}/status`);
  });

  it('a resend says "(resent)"; a Messaging Service sends instead of the number when set', async () => {
    const service = `MG${'c'.repeat(32)}`;
    await sms.send(page({ resend: true }), member, { ...connection, messagingServiceSid: service }, signal());
    expect(twilio.messages.at(-1)).toMatchObject({ messagingServiceSid: service, from: null });
    expect(twilio.messages.at(-1)?.body.startsWith('(resent) ')).toBe(true);
  });

  it('a verification code goes by SMS and by call', async () => {
    const content = { ...page().content, test: true, verificationCode: '482913' };
    expect((await sms.send(page({ content }), member, connection, signal())).ok).toBe(true);
    expect(twilio.messages.at(-1)?.body).toContain('482913');
    expect(twilio.messages.at(-1)?.statusCallback).toBeNull();
    expect((await voice.send(page({ content }), member, connection, signal())).ok).toBe(true);
    expect(twilio.calls.at(-1)?.twiml).toContain('4, 8, 2, 9, 1, 3');
  });

  it("a voice page calls the member and points Twilio at the page's TwiML URL", async () => {
    const outcome = await voice.send(page(), member, connection, signal());
    const call = twilio.calls.at(-1);
    expect(outcome).toEqual({ ok: true, messageRef: call?.sid });
    expect(call).toMatchObject({
      to: member.address,
      from: '+14155550199',
      method: 'POST',
      url: `${PUBLIC_URL}/api/v1/twilio/${page().organizationId}/voice/pages/${page().pageId}`,
      twiml: null,
      statusCallback: `${PUBLIC_URL}/api/v1/twilio/${page().organizationId}/pages/${page().pageId}/status`,
    });
  });

  it('a test call carries its TwiML inline (no incident stands behind it); a page without a public URL is not called', async () => {
    const content = { ...page().content, test: true };
    expect((await voice.send(page({ content }), member, connection, signal())).ok).toBe(true);
    expect(twilio.calls.at(-1)).toMatchObject({ url: null, twiml: expect.stringContaining('test page') });
    const before = twilio.calls.length;
    const nowhere = { ...page().content, incidentUrl: '/incidents/inc-1' };
    expect(await voice.send(page({ content: nowhere }), member, connection, signal())).toEqual({
      ok: false,
      error: expect.stringContaining('no public URL'),
    });
    expect(twilio.calls.length).toBe(before);
  });

  it.each([
    ['https://tocsin.example.com/incidents/inc-1', 'https://tocsin.example.com'],
    ['https://example.com/tocsin/incidents', 'https://example.com/tocsin'],
    ['http://localhost:3000/incidents/a%2Fb', 'http://localhost:3000'],
    ['/incidents/inc-1', null],
    ['https://tocsin.example.com/other', null],
  ])('the public URL of a page whose console link is %s: %s', (incidentUrl, expected) => {
    expect(publicUrlOf(page({ content: { ...page().content, incidentUrl } }))).toBe(expected);
  });

  it('a wrong Auth Token is refused by Twilio (401, 20003): the page fails, the token is not in the error', async () => {
    const before = twilio.messages.length;
    const wrong = 'e'.repeat(32);
    const outcome = await sms.send(page(), member, { ...connection, authToken: wrong }, signal());
    expect(outcome.ok).toBe(false);
    const error = outcome.ok ? '' : outcome.error;
    expect(error).toContain('401');
    expect(error).toContain('20003');
    expect(error).not.toContain(wrong);
    expect(twilio.messages.length).toBe(before);
    expect(twilio.refusals.at(-1)).toMatchObject({ status: 401, code: 20003 });
  });

  it("Twilio's error for a bad number is recorded on the page", async () => {
    twilio.failNext({ status: 400, code: 21211, message: "The 'To' number +14155550100 is not a valid phone number." });
    const outcome = await voice.send(page(), member, connection, signal());
    expect(outcome).toEqual({ ok: false, error: expect.stringContaining('21211') });
  });

  it('without a connection, or with an incomplete one, nothing is sent and the page says why', async () => {
    const before = twilio.messages.length;
    for (const broken of [null, { accountSid: account.accountSid }, { ...connection, fromNumber: '555-0100' }]) {
      const outcome = await sms.send(page(), member, broken, signal());
      expect(outcome).toEqual({ ok: false, error: expect.stringContaining('Twilio is not connected') });
    }
    expect(await sms.send(page(), { address: 'not a number', secret: null }, connection, signal())).toEqual({
      ok: false,
      error: 'the contact method has no valid phone number',
    });
    expect(twilio.messages.length).toBe(before);
  });

  it('an aborted send (the per-page timeout) fails the page', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await sms.send(page(), member, connection, controller.signal)).toEqual({
      ok: false,
      error: expect.stringContaining('timed out'),
    });
  });
});
