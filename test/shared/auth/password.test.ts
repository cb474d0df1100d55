import {
  CURRENT_SCRYPT_PARAMS,
  deriveKey,
  hashPassword,
  needsRehash,
  verifyPassword,
  type KeyDerivation,
} from '../../../shared/auth/password.ts';

// Cheap parameters keep the table fast; the defaults are exercised separately.
const FAST = { N: 2 ** 10, r: 8, p: 1 };

describe('hashPassword', () => {
  it('encodes the current parameters, a 16-byte salt and a 64-byte key', async () => {
    const stored = await hashPassword('correct horse battery staple');
    const [scheme, n, r, p, salt, hash] = stored.split('$');
    expect([scheme, Number(n), Number(r), Number(p)]).toEqual(['scrypt', 2 ** 15, 8, 1]);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(hash!, 'base64')).toHaveLength(64);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(needsRehash(stored)).toBe(false);
  });

  it('salts: the same password never hashes twice to the same value', async () => {
    const [a, b] = await Promise.all([hashPassword('same', FAST), hashPassword('same', FAST)]);
    expect(a).not.toBe(b);
  });
});

describe('verifyPassword', () => {
  let stored: string;
  beforeAll(async () => {
    stored = await hashPassword('S3cret-pässword', FAST);
  });

  it.each([
    ['the right password', 'S3cret-pässword', true],
    // NFD spelling of the same text: normalization makes it match.
    ['the same password in decomposed Unicode', 'S3cret-pa\u0308ssword', true],
    ['a wrong password', 'S3cret-passw0rd', false],
    ['a different case', 's3cret-pässword', false],
    ['a prefix', 'S3cret-päss', false],
    ['an extension', 'S3cret-pässword!', false],
    ['the empty string', '', false],
  ])('accepts %s → %s', async (_name, candidate, expected) => {
    expect(await verifyPassword(candidate, stored)).toBe(expected);
  });

  it.each([
    ['empty', () => ''],
    ['bcrypt', () => '$2b$12$abcdefghijklmnopqrstuuJ0Qm8qJ6hHq7tq4fJ6m0ZzZ4n9L2y6a'],
    ['plain text', () => 'S3cret-pässword'],
    ['wrong scheme', () => stored.replace(/^scrypt/, 'argon2')],
    ['missing field', () => stored.split('$').slice(0, 5).join('$')],
    ['extra field', () => `${stored}$x`],
    ['N not a power of two', () => stored.replace(/^scrypt\$\d+/, 'scrypt$$1000')],
    ['N absurdly large', () => stored.replace(/^scrypt\$\d+/, `scrypt$${2 ** 30}`)],
    ['N zero', () => stored.replace(/^scrypt\$\d+/, 'scrypt$0')],
    ['r not a number', () => stored.replace(/^(scrypt\$\d+)\$8/, '$1$x')],
    ['p negative', () => stored.replace(/^(scrypt\$\d+\$8)\$1/, '$1$-1')],
    [
      'salt not base64',
      () => {
        const parts = stored.split('$');
        parts[4] = '!!!!';
        return parts.join('$');
      },
    ],
    [
      'hash too short',
      () => {
        const parts = stored.split('$');
        parts[5] = 'AAAA';
        return parts.join('$');
      },
    ],
    [
      'hash with its base64 cut short',
      () => {
        const parts = stored.split('$');
        parts[5] = parts[5]!.slice(0, -1);
        return parts.join('$');
      },
    ],
    [
      'hash flipped',
      () => {
        const parts = stored.split('$');
        const hash = Buffer.from(parts[5]!, 'base64');
        hash[0]! ^= 1;
        parts[5] = hash.toString('base64');
        return parts.join('$');
      },
    ],
    [
      'salt changed',
      () => {
        const parts = stored.split('$');
        parts[4] = Buffer.alloc(16, 7).toString('base64');
        return parts.join('$');
      },
    ],
  ])('returns false, without throwing, for a stored value that is %s', async (_name, makeStored) => {
    await expect(verifyPassword('S3cret-pässword', makeStored())).resolves.toBe(false);
  });

  it.each([[null], [undefined]])('returns false for a missing hash (%s), after spending the scrypt work', async (missing) => {
    await expect(verifyPassword('anything', missing)).resolves.toBe(false);
  });
});

describe('verifyPassword runs the same key derivation whatever is stored', () => {
  // Every derivation a check runs, by its cost parameters and sizes, through the real scrypt.
  const observed = () => {
    const calls: Array<{ N: number; r: number; p: number; saltBytes: number; keyBytes: number }> = [];
    const kdf: KeyDerivation = (plain, salt, params, keyBytes) => {
      calls.push({ ...params, saltBytes: salt.length, keyBytes });
      return deriveKey(plain, salt, params, keyBytes);
    };
    return { calls, kdf };
  };
  let real: string;
  beforeAll(async () => {
    real = await hashPassword('S3cret-pässword');
  });

  it.each<[string, () => string | null | undefined]>([
    // An account created by a first SSO sign-in (sso-login.service.ts) has no usable password.
    ['an SSO-only account (`!sso`)', () => '!sso'],
    ['an unknown account (null)', () => null],
    ['an unknown account (undefined)', () => undefined],
    ['an empty value', () => ''],
    ['a malformed value', () => 'scrypt$garbage'],
  ])('%s costs one derivation with the current parameters, as a real account does', async (_name, stored) => {
    const account = observed();
    await expect(verifyPassword('a wrong guess', real, account.kdf)).resolves.toBe(false);
    const other = observed();
    await expect(verifyPassword('a wrong guess', stored(), other.kdf)).resolves.toBe(false);
    expect(account.calls).toEqual([{ ...CURRENT_SCRYPT_PARAMS, saltBytes: 16, keyBytes: 64 }]);
    expect(other.calls).toEqual(account.calls);
  });

  it('still matches the right password through the given derivation', async () => {
    const account = observed();
    await expect(verifyPassword('S3cret-pässword', real, account.kdf)).resolves.toBe(true);
    expect(account.calls).toHaveLength(1);
  });
});

describe('needsRehash', () => {
  it.each([
    ['current parameters', () => hashPassword('x'), false],
    ['a lower N', () => hashPassword('x', FAST), true],
    ['another r', () => hashPassword('x', { ...CURRENT_SCRYPT_PARAMS, N: 2 ** 10, r: 4 }), true],
    ['a malformed value', async () => 'scrypt$garbage', true],
  ])('%s → %s', async (_name, make, expected) => {
    expect(needsRehash(await make())).toBe(expected);
  });
});
