import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createPageLinkSigner, PAGE_LINK_TTL_SECONDS, type PageLinkClaims } from '../../../shared/paging/page-link-token.ts';

const KEY = 'k'.repeat(40);
const claims = (): Omit<PageLinkClaims, 'expiresAt'> => ({
  pageId: randomUUID(),
  organizationId: randomUUID(),
  incidentId: randomUUID(),
  userId: randomUUID(),
  action: 'acknowledge',
});
const NOW = new Date('2026-11-27T10:00:00.000Z');

describe('page link tokens', () => {
  const signer = createPageLinkSigner(KEY);

  it('verifies what it signed, with every claim and a 24-hour expiry', () => {
    const wanted = claims();
    const check = signer.verify(signer.sign(wanted, NOW), NOW);
    expect(check).toEqual({ ok: true, claims: { ...wanted, expiresAt: NOW.getTime() / 1000 + PAGE_LINK_TTL_SECONDS } });
  });

  it('refuses an expired link', () => {
    const token = signer.sign(claims(), NOW);
    expect(signer.verify(token, new Date(NOW.getTime() + PAGE_LINK_TTL_SECONDS * 1000 - 1)).ok).toBe(true);
    expect(signer.verify(token, new Date(NOW.getTime() + PAGE_LINK_TTL_SECONDS * 1000))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a link signed with another key', () => {
    const other = createPageLinkSigner('o'.repeat(40));
    expect(signer.verify(other.sign(claims(), NOW), NOW)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a link whose claims were changed (another user, another action, a later expiry)', () => {
    const token = signer.sign(claims(), NOW);
    const [version, payload, signature] = token.split('.') as [string, string, string];
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    for (const change of [{ u: randomUUID() }, { a: 'resolve' }, { e: (body.e as number) + 3600 }, { p: randomUUID() }]) {
      const forged = Buffer.from(JSON.stringify({ ...body, ...change })).toString('base64url');
      expect(signer.verify(`${version}.${forged}.${signature}`, NOW)).toEqual({ ok: false, reason: 'signature' });
    }
  });

  it.each([
    ['empty', ''],
    ['no dots', 'abc'],
    ['another version', 'v2.e30.AAAA'],
    ['junk signature', 'v1.e30.!!!'],
    ['too long', `v1.${'a'.repeat(2000)}.x`],
  ])('refuses a malformed link: %s', (_name, token) => {
    expect(signer.verify(token, NOW).ok).toBe(false);
  });

  it('refuses a correctly signed payload that is not a page link', () => {
    // A signature is only worth what the payload check accepts: non-uuid ids or an unknown action fail closed.
    const forge = (body: unknown) => {
      const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
      const key = createHash('sha256').update(`tocsin-page-link:${KEY}`).digest();
      return `v1.${payload}.${createHmac('sha256', key).update(`v1.${payload}`).digest('base64url')}`;
    };
    const base = { p: randomUUID(), o: randomUUID(), i: randomUUID(), u: randomUUID(), a: 'acknowledge', e: NOW.getTime() / 1000 + 60 };
    expect(signer.verify(forge(base), NOW).ok).toBe(true);
    expect(signer.verify(forge({ ...base, a: 'delete' }), NOW)).toEqual({ ok: false, reason: 'malformed' });
    expect(signer.verify(forge({ ...base, u: "x' or 1=1" }), NOW)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('needs a key of at least 32 characters', () => {
    expect(() => createPageLinkSigner('short')).toThrow(/32/);
  });
});
