import { createSlackActionSigner } from '../../../../shared/paging/slack/action-token.ts';

const KEY = 'k'.repeat(40);
const claims = {
  organizationId: '0190b7c4-0000-7000-8000-000000000001',
  incidentId: '0190b7c4-0000-7000-8000-000000000002',
  action: 'acknowledge' as const,
  pageId: '0190b7c4-0000-7000-8000-000000000003',
};

describe('Slack button values', () => {
  const signer = createSlackActionSigner(KEY);

  it('round-trips the claims it signed, with or without a page', () => {
    expect(signer.verify(signer.sign(claims))).toEqual(claims);
    const { pageId: _pageId, ...feed } = claims;
    expect(signer.verify(signer.sign(feed))).toEqual(feed);
  });

  const edit = (token: string, change: (body: Record<string, unknown>) => void) => {
    const [version, payload, mac] = token.split('.');
    const body = JSON.parse(Buffer.from(payload as string, 'base64url').toString('utf8')) as Record<string, unknown>;
    change(body);
    return `${version}.${Buffer.from(JSON.stringify(body)).toString('base64url')}.${mac}`;
  };
  it.each([
    ['another incident', (token: string) => edit(token, (body) => (body.i = '0190b7c4-0000-7000-8000-000000000009'))],
    ['another organization', (token: string) => edit(token, (body) => (body.o = '0190b7c4-0000-7000-8000-000000000009'))],
    ['another action', (token: string) => edit(token, (body) => (body.a = 'resolve'))],
    ['signed under another key', () => createSlackActionSigner('x'.repeat(40)).sign(claims)],
    ['a raw incident id', () => claims.incidentId],
    ['no signature', (token: string) => token.split('.').slice(0, 2).join('.')],
    ['an unknown version', (token: string) => token.replace(/^s1\./, 's2.')],
    ['too long', (token: string) => `${token}${'a'.repeat(1100)}`],
  ])('refuses %s', (_name, forge) => {
    expect(signer.verify(forge(signer.sign(claims)))).toBeNull();
  });
});
