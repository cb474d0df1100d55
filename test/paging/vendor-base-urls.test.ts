import { parseConfig } from '../../shared/config.ts';
import { createOutboundHttp } from '../../shared/net/outbound-http.ts';
import { createPageChannels } from '../../shared/paging/channels.ts';
import { pageVendorBaseUrls } from '../../shared/paging/vendor-base-urls.ts';
import { startFakeNtfy } from '../helpers/fake-ntfy.ts';

describe('page channels’ vendor base URLs from the server configuration', () => {
  it.each([
    ['none set: every channel on its vendor’s own API', {}, {}],
    ['SLACK_API_URL', { SLACK_API_URL: 'http://slack.test/api/' }, { slack: 'http://slack.test/api/' }],
    [
      'TWILIO_API_URL serves SMS and voice',
      { TWILIO_API_URL: 'http://twilio.test' },
      { sms: 'http://twilio.test', voice: 'http://twilio.test' },
    ],
    ['NTFY_URL', { NTFY_URL: 'https://ntfy.example.org' }, { push: 'https://ntfy.example.org' }],
  ])('%s', (_name, env, expected) => {
    expect(pageVendorBaseUrls(parseConfig(env))).toEqual(expected);
  });

  it('refuses a URL that is not http(s)', () => {
    expect(() => parseConfig({ NTFY_URL: 'ftp://ntfy.example.org' })).toThrow(/NTFY_URL/);
  });

  it('a push contact method naming no server publishes to NTFY_URL', async () => {
    const ntfy = await startFakeNtfy();
    try {
      const channels = createPageChannels({
        outboundHttp: createOutboundHttp({ allowPrivate: true }),
        vendorBaseUrls: pageVendorBaseUrls(parseConfig({ NTFY_URL: ntfy.url })),
      });
      const outcome = await channels.get('push')?.send(
        {
          pageId: '018f0000-0000-7000-8000-000000000001',
          organizationId: '018f0000-0000-7000-8000-000000000002',
          userId: '018f0000-0000-7000-8000-000000000003',
          content: {
            incident: { id: '018f0000-0000-7000-8000-000000000004', title: 'Disk full', severity: 'high', status: 'active' },
            round: 1,
            level: 1,
            incidentUrl: 'https://tocsin.example.test/incidents/x',
          },
          actions: {},
          idempotencyKey: '018f0000-0000-7000-8000-000000000001',
          resend: false,
        },
        { address: null, secret: { topic: 'own-server-none' } },
        null,
        new AbortController().signal,
      );
      expect(outcome).toMatchObject({ ok: true });
      expect(ntfy.messages.map((message) => message.topic)).toEqual(['own-server-none']);
    } finally {
      await ntfy.stop();
    }
  });
});
