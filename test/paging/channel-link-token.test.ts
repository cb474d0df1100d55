import { CHANNEL_LINK_TTL_SECONDS, createChannelLinks } from '../../shared/paging/channel-link-token.ts';

const links = createChannelLinks({ encryptionKey: 'k'.repeat(40), publicUrl: 'https://tocsin.example.test' });
const other = createChannelLinks({ encryptionKey: 'o'.repeat(40), publicUrl: 'https://tocsin.example.test' });
const input = { organizationId: '018f0000-0000-7000-8000-000000000002', kind: 'slack' as const, externalId: 'U123', externalName: 'ann' };
const tokenOf = (url: string) => decodeURIComponent(new URL(url).searchParams.get('token') as string);
const now = new Date('2026-12-30T10:00:00Z');

describe('channel link tokens', () => {
  it('a link is a console URL whose token verifies to what it was made for', () => {
    const url = links.createChannelLinkToken(input, now);
    expect(url.startsWith('https://tocsin.example.test/link-channel?token=')).toBe(true);
    const checked = links.verify(tokenOf(url), now);
    expect(checked).toMatchObject({ ok: true, claims: { ...input, expiresAt: now.getTime() / 1000 + CHANNEL_LINK_TTL_SECONDS } });
  });

  it('two links for the same account carry different nonces (each is spent once)', () => {
    const a = links.verify(tokenOf(links.createChannelLinkToken(input, now)), now);
    const b = links.verify(tokenOf(links.createChannelLinkToken(input, now)), now);
    expect(a.ok && b.ok && a.claims.nonce !== b.claims.nonce).toBe(true);
  });

  const good = tokenOf(links.createChannelLinkToken(input, now));
  const [version, payload, signature] = good.split('.') as [string, string, string];
  const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), x: 'U999' })).toString(
    'base64url',
  );
  it.each([
    ['15 minutes later', good, new Date(now.getTime() + CHANNEL_LINK_TTL_SECONDS * 1000), 'expired'],
    ['another key', tokenOf(other.createChannelLinkToken(input, now)), now, 'signature'],
    ['a changed account', `${version}.${forged}.${signature}`, now, 'signature'],
    ['garbage', 'v1.abc', now, 'malformed'],
    ['another version', `v2.${payload}.${signature}`, now, 'malformed'],
  ])('%s is refused', (_name, token, at, reason) => {
    expect(links.verify(token, at)).toEqual({ ok: false, reason });
  });
});
