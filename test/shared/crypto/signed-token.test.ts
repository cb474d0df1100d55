import { createSignedTokens, expired } from '../../../shared/crypto/signed-token.ts';

const KEY = 'k'.repeat(32);
const tokens = createSignedTokens(KEY, 'tocsin-test');
const sealed = tokens.seal({ o: 'org', e: 1 });
const [, payload, signature] = sealed.split('.') as [string, string, string];
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('signed tokens', () => {
  it('opens what it sealed', () => {
    expect(tokens.open(sealed, 1024)).toEqual({ ok: true, body: { o: 'org', e: 1 } });
  });

  it.each([
    ['another purpose under the same key', createSignedTokens(KEY, 'tocsin-other').seal({ o: 'org', e: 1 }), 'signature'],
    ['another key for the same purpose', createSignedTokens('j'.repeat(32), 'tocsin-test').seal({ o: 'org', e: 1 }), 'signature'],
    ['a payload changed under its signature', `v1.${encode({ o: 'other', e: 1 })}.${signature}`, 'signature'],
    ['a truncated signature', `v1.${payload}.${signature.slice(0, 10)}`, 'signature'],
    ['another version', `v2.${payload}.${signature}`, 'malformed'],
    ['two parts', `v1.${payload}`, 'malformed'],
    ['longer than allowed', `${sealed}${'a'.repeat(1024)}`, 'malformed'],
    ['not a string', 42, 'malformed'],
  ])('refuses %s', (_what, token, reason) => {
    expect(tokens.open(token, 1024)).toEqual({ ok: false, reason });
  });

  it('needs a key of at least 32 characters', () => {
    expect(() => createSignedTokens('short', 'tocsin-test')).toThrow('ENCRYPTION_KEY');
  });

  it.each([
    [1_000, new Date(999_999), false],
    [1_000, new Date(1_000_000), true],
  ])('a token expiring at %i s, at %s: expired %s', (at, now, answer) => {
    expect(expired(at, now)).toBe(answer);
  });
});
