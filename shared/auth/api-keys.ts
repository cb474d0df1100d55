import { createHash, randomBytes } from 'node:crypto';

export const API_KEY_PREFIX = 'tocsin_ak_';
export const API_KEY_RANDOM_LENGTH = 32;
/** Characters shown in listings: the fixed prefix plus 4 random ones, enough to tell keys apart. */
export const API_KEY_DISPLAY_PREFIX_LENGTH = 14;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// 248 = 4 × 62: bytes at or above it are dropped, as `byte % 62` over all 256 values would make
// the first 8 characters 25 % more likely than the rest.
const UNBIASED_BYTE_LIMIT = 256 - (256 % BASE62.length);

const API_KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${API_KEY_RANDOM_LENGTH}}$`);

export interface GeneratedApiKey {
  /** Shown to the caller once, never stored. */
  key: string;
  prefix: string;
  hash: string;
}

/** Uniform random base62 string; `random` is injectable so tests can feed it chosen bytes. */
export function randomBase62(length: number, random: (size: number) => Buffer = randomBytes): string {
  let result = '';
  while (result.length < length) {
    // Ask for a little more than needed: about 3 % of bytes are rejected.
    for (const byte of random(length - result.length + 8)) {
      if (byte >= UNBIASED_BYTE_LIMIT) continue;
      result += BASE62[byte % BASE62.length];
      if (result.length === length) break;
    }
  }
  return result;
}

/**
 * Hex SHA-256 of a key, used as its lookup value. A fast unsalted hash is right here, unlike for
 * passwords: 32 base62 characters carry about 190 bits of entropy, so no dictionary or brute force
 * can invert the hash, and a deterministic hash lets every request find its key through an index
 * instead of paying a deliberately slow hash per request.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function generateApiKey(): GeneratedApiKey {
  const key = API_KEY_PREFIX + randomBase62(API_KEY_RANDOM_LENGTH);
  return { key, prefix: key.slice(0, API_KEY_DISPLAY_PREFIX_LENGTH), hash: hashApiKey(key) };
}

/** Shape check only, to route a credential (API key or JWT) and to reject garbage before any lookup. */
export function looksLikeApiKey(value: unknown): value is string {
  return typeof value === 'string' && API_KEY_SHAPE.test(value);
}

/**
 * 256 random bits, base64url so they survive a URL or header unescaped: the single-use tokens of
 * password-reset, email-verification and invitation links, and generated webhook secrets.
 */
export function generateOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Lookup value stored instead of an opaque token; fast for the same reason as `hashApiKey`. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
