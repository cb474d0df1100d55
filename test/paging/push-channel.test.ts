import { createOutboundHttp } from '../../shared/net/outbound-http.ts';
import type { ChannelPage } from '../../shared/paging/channel.ts';
import { createPushChannel, ntfyPriority } from '../../shared/paging/channels/push.ts';
import { startFakeNtfy, type FakeNtfy } from '../helpers/fake-ntfy.ts';

const page = (overrides: Partial<ChannelPage> = {}, urgency: 'high' | 'low' | undefined = 'high'): ChannelPage => ({
  pageId: '018f0000-0000-7000-8000-000000000001',
  organizationId: '018f0000-0000-7000-8000-000000000002',
  userId: '018f0000-0000-7000-8000-000000000003',
  content: {
    incident: { id: '018f0000-0000-7000-8000-000000000004', title: 'Disk full', severity: 'high', status: 'active' },
    round: 1,
    level: 1,
    ...(urgency ? { urgency } : {}),
    incidentUrl: 'https://tocsin.example.test/incidents/x',
  },
  actions: {
    acknowledge: 'https://tocsin.example.test/api/v1/page-links/ack',
    resolve: 'https://tocsin.example.test/api/v1/page-links/res',
  },
  idempotencyKey: '018f0000-0000-7000-8000-000000000001',
  resend: false,
  ...overrides,
});

describe('ntfy priority', () => {
  it.each([
    ['high', 5],
    [undefined, 5],
    ['low', 3],
  ] as const)('urgency %s is priority %i', (urgency, priority) => {
    expect(ntfyPriority(page({}, urgency))).toBe(priority);
  });
  it('test pages and codes never break through Do Not Disturb', () => {
    const base = page();
    expect(ntfyPriority({ content: { ...base.content, test: true } })).toBe(3);
    expect(ntfyPriority({ content: { ...base.content, test: true, verificationCode: '123456' } })).toBe(3);
  });
});

describe('push channel against a fake ntfy server (its publish API, its access checks)', () => {
  let ntfy: FakeNtfy;
  const channel = createPushChannel({ outboundHttp: createOutboundHttp({ allowPrivate: true }) });
  const signal = () => AbortSignal.timeout(5000);

  beforeAll(async () => {
    ntfy = await startFakeNtfy({ protectedTopics: ['oncall-ann'] });
  });
  afterAll(async () => {
    await ntfy.stop();
  });

  it('publishes a high-urgency page at priority 5 with Acknowledge and Resolve http actions to the signed links', async () => {
    const token = ntfy.addToken(['oncall-ann']);
    const outcome = await channel.send(
      page(),
      { address: null, secret: { topic: 'oncall-ann', server_url: ntfy.url, access_token: token } },
      null,
      signal(),
    );
    expect(outcome.ok).toBe(true);
    const sent = ntfy.messages.at(-1);
    expect(outcome).toEqual({ ok: true, messageRef: sent?.id });
    expect(sent).toMatchObject({ topic: 'oncall-ann', priority: 5, title: '[HIGH] Disk full' });
    expect(sent?.actions).toEqual([
      { action: 'http', label: 'Acknowledge', url: 'https://tocsin.example.test/api/v1/page-links/ack', method: 'POST', clear: true },
      { action: 'http', label: 'Resolve', url: 'https://tocsin.example.test/api/v1/page-links/res', method: 'POST', clear: true },
      { action: 'view', label: 'Open', url: 'https://tocsin.example.test/incidents/x' },
    ]);
  });

  it('a low-urgency page is priority 3; a resend says so in its title (ntfy takes no idempotency key)', async () => {
    const token = ntfy.addToken(['oncall-ann']);
    await channel.send(
      page({ resend: true }, 'low'),
      { address: null, secret: { topic: 'oncall-ann', server_url: ntfy.url, access_token: token } },
      null,
      signal(),
    );
    expect(ntfy.messages.at(-1)).toMatchObject({ priority: 3, title: '[RESENT] [HIGH] Disk full' });
  });

  it('uses the organization connection’s server and token when the method names none', async () => {
    const token = ntfy.addToken(['oncall-ann']);
    const outcome = await channel.send(
      page(),
      { address: null, secret: { topic: 'oncall-ann' } },
      { server_url: ntfy.url, access_token: token },
      signal(),
    );
    expect(outcome.ok).toBe(true);
  });

  it.each([
    ['no token', undefined, 403],
    ['an unknown token', 'tk_0000000000000000000000000000a', 401],
  ])('a protected topic with %s fails with the status ntfy answers, and nothing is published', async (_name, token, status) => {
    const before = ntfy.messages.length;
    const outcome = await channel.send(
      page(),
      { address: null, secret: { topic: 'oncall-ann', server_url: ntfy.url, ...(token ? { access_token: token } : {}) } },
      null,
      signal(),
    );
    expect(outcome).toEqual({ ok: false, error: `ntfy refused the access token (HTTP ${status})` });
    expect(ntfy.messages.length).toBe(before);
  });

  it('a token for another topic is refused (403)', async () => {
    const token = ntfy.addToken(['someone-else']);
    const outcome = await channel.send(
      page(),
      { address: null, secret: { topic: 'oncall-ann', server_url: ntfy.url, access_token: token } },
      null,
      signal(),
    );
    expect(outcome).toEqual({ ok: false, error: 'ntfy refused the access token (HTTP 403)' });
  });

  it('a verification code goes as a plain message without actions', async () => {
    const base = page();
    await channel.send(
      { ...base, actions: {}, content: { ...base.content, test: true, verificationCode: '042917' } },
      { address: null, secret: { topic: 'open-topic', server_url: ntfy.url } },
      null,
      signal(),
    );
    const sent = ntfy.messages.at(-1);
    expect(sent?.message).toContain('042917');
    expect(sent?.actions).toBeUndefined();
  });
});
