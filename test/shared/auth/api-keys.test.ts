import {
  generateApiKey,
  generateOpaqueToken,
  hashApiKey,
  hashOpaqueToken,
  looksLikeApiKey,
  randomBase62,
} from '../../../shared/auth/api-keys.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

describe('generateApiKey', () => {
  it('makes tocsin_ak_ plus 32 base62 characters, its 14-character prefix and its hash', () => {
    const { key, prefix, hash } = generateApiKey();
    expect(key).toMatch(/^tocsin_ak_[0-9A-Za-z]{32}$/);
    expect(prefix).toBe(key.slice(0, 14));
    expect(prefix).toMatch(/^tocsin_ak_[0-9A-Za-z]{4}$/);
    expect(hash).toBe(hashApiKey(key));
    expect(looksLikeApiKey(key)).toBe(true);
  });

  it('never repeats over 10,000 keys', () => {
    const keys = new Set(Array.from({ length: 10_000 }, () => generateApiKey().key));
    expect(keys.size).toBe(10_000);
  });

  it('uses every base62 character uniformly (chi-square over 64,000 characters)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i += 1) {
      for (const char of generateApiKey().key.slice(10)) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect([...counts.keys()].sort().join('')).toBe([...BASE62].sort().join(''));
    const expected = (2000 * 32) / 62;
    const chiSquare = [...counts.values()].reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 61 degrees of freedom: 130 is far beyond chance (p < 1e-6); a `byte % 62` bias scores ~400.
    expect(chiSquare).toBeLessThan(130);
  });
});

describe('randomBase62', () => {
  // Hands out the given batches in order, whatever size is asked for.
  const feed = (...chunks: number[][]) => {
    const queue = [...chunks];
    return () => {
      const next = queue.shift();
      if (!next) throw new Error('random source exhausted');
      return Buffer.from(next);
    };
  };

  it.each<[string, number[][], number, string]>([
    ['maps bytes below 248 modulo 62', [[0, 61, 62, 123, 124, 247]], 6, '0z0z0z'],
    ['drops bytes at or above 248', [[248, 255, 1, 250, 2]], 2, '12'],
    ['asks again when a batch is all rejected', [[255, 255, 255, 255, 255, 255, 255, 255, 255], [10]], 1, 'A'],
  ])('%s', (_name, chunks, length, expected) => {
    const random = feed(...chunks);
    expect(randomBase62(length, random)).toBe(expected);
  });

  it.each([[0], [1], [32], [100]])('returns exactly %i characters', (length) => {
    expect(randomBase62(length)).toMatch(new RegExp(`^[0-9A-Za-z]{${length}}$`));
  });
});

describe('hashApiKey and hashOpaqueToken', () => {
  it.each([
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ])('hash %j as lowercase hex SHA-256', (input, digest) => {
    expect(hashApiKey(input)).toBe(digest);
    expect(hashOpaqueToken(input)).toBe(digest);
  });

  it('distinguishes keys that differ by one character', () => {
    const key = `tocsin_ak_${'a'.repeat(32)}`;
    expect(hashApiKey(key)).not.toBe(hashApiKey(`${key.slice(0, -1)}b`));
  });
});

describe('looksLikeApiKey', () => {
  it.each<[unknown, boolean]>([
    [`tocsin_ak_${'A1b2'.repeat(8)}`, true],
    [`tocsin_ak_${'a'.repeat(31)}`, false],
    [`tocsin_ak_${'a'.repeat(33)}`, false],
    [`tocsin_ak_${'a'.repeat(31)}-`, false],
    [`tocsin_ak_${'a'.repeat(31)}_`, false],
    [`TOCSIN_AK_${'a'.repeat(32)}`, false],
    [`other_ak_${'a'.repeat(32)}`, false],
    [` tocsin_ak_${'a'.repeat(32)}`, false],
    [`tocsin_ak_${'a'.repeat(32)}\n`, false],
    ['eyJhbGciOiJIUzI1NiJ9.e30.sig', false],
    ['', false],
    [undefined, false],
    [42, false],
  ])('%j → %s', (value, expected) => {
    expect(looksLikeApiKey(value)).toBe(expected);
  });
});

describe('generateOpaqueToken', () => {
  it('makes 32 random bytes as base64url, all distinct', () => {
    const tokens = Array.from({ length: 1000 }, generateOpaqueToken);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(1000);
  });
});
