import { createSecretBox } from '../../../../shared/crypto/secret-box.ts';
import { createSlackActionSigner } from '../../../../shared/paging/slack/action-token.ts';

const KEY = 'k'.repeat(40);
const claims = {
  organizationId: '0190b7c4-0000-7000-8000-000000000001',
  incidentId: '0190b7c4-0000-7000-8000-000000000002',
  action: 'acknowledge' as const,
  pageId: '0190b7c4-0000-7000-8000-000000000003',
};

describe('Slack button values', () => {
  const signer = createSlackActionSigner(createSecretBox(KEY));

  it('round-trips the claims it signed, with or without a page', () => {
    expect(signer.verify(signer.sign(claims))).toEqual(claims);
    const { pageId: _pageId, ...feed } = claims;
    expect(signer.verify(signer.sign(feed))).toEqual(feed);
  });

  const flip = (token: string, at: number) => {
    const parts = token.split(':');
    const sealed = Buffer.from(parts[3] as string, 'base64url');
    sealed[at % sealed.length] = (sealed[at % sealed.length] as number) ^ 1;
    return [...parts.slice(0, 3), sealed.toString('base64url')].join(':');
  };
  it.each([
    ['one changed byte of the sealed claims', (token: string) => flip(token, 5)],
    ['another changed byte', (token: string) => flip(token, 40)],
    ['sealed under another key', () => createSlackActionSigner(createSecretBox('x'.repeat(40))).sign(claims)],
    [
      'another sealed secret of the same key',
      () => createSecretBox(KEY).encrypt(JSON.stringify({ o: claims.organizationId, i: claims.incidentId, a: 'resolve' })),
    ],
    ['a raw incident id', () => claims.incidentId],
    ['a truncated value', (token: string) => token.slice(0, -4)],
    ['too long', (token: string) => `${token}${'a'.repeat(1100)}`],
  ])('refuses %s', (_name, forge) => {
    expect(signer.verify(forge(signer.sign(claims)))).toBeNull();
  });
});
