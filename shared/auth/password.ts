import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number;
  /** Block size. */
  r: number;
  /** Parallelization. */
  p: number;
}

// 2^15 × 8 × 128 bytes = 32 MiB and roughly 100 ms per hash: costly for an offline attacker, yet
// bounded for the API under concurrent logins (scrypt runs on the libuv thread pool).
export const CURRENT_SCRYPT_PARAMS: Readonly<ScryptParams> = Object.freeze({ N: 2 ** 15, r: 8, p: 1 });

const SALT_BYTES = 16;
const KEY_BYTES = 64;

// Stored values come from our own database, but bounds keep a corrupted or hostile row from
// making one verification allocate gigabytes or spin for minutes.
const LIMITS = { minLogN: 10, maxLogN: 20, maxR: 32, maxP: 16, minKeyBytes: 16, maxKeyBytes: 128, minSaltBytes: 8 } as const;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  hash: Buffer;
}

/** Derives `keyBytes` of scrypt key from a password; the one key derivation every check runs. */
export type KeyDerivation = (plain: string, salt: Buffer, params: ScryptParams, keyBytes: number) => Promise<Buffer>;

export const deriveKey: KeyDerivation = (plain, salt, params, keyBytes) => {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    // Node's default ceiling is 32 MiB, which N=2^15 with r=8 already reaches; leave headroom.
    maxmem: 256 * params.N * params.r + 1024 * 1024,
  };
  // NFKC, so that the same password typed on systems composing accents differently still matches.
  const input = plain.normalize('NFKC');
  return new Promise((resolve, reject) => {
    scrypt(input, salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
};

function decodeBase64(text: string): Buffer | null {
  if (!BASE64.test(text) || text.length % 4 !== 0) return null;
  return Buffer.from(text, 'base64');
}

function isIntegerString(text: string): boolean {
  return /^[1-9]\d{0,9}$/.test(text);
}

function parse(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, nText, rText, pText, saltText, hashText] = parts as [string, string, string, string, string, string];
  if (!isIntegerString(nText) || !isIntegerString(rText) || !isIntegerString(pText)) return null;
  const params: ScryptParams = { N: Number(nText), r: Number(rText), p: Number(pText) };
  const logN = Math.log2(params.N);
  if (!Number.isInteger(logN) || logN < LIMITS.minLogN || logN > LIMITS.maxLogN) return null;
  if (params.r > LIMITS.maxR || params.p > LIMITS.maxP) return null;
  const salt = decodeBase64(saltText);
  const hash = decodeBase64(hashText);
  if (!salt || !hash || salt.length < LIMITS.minSaltBytes) return null;
  if (hash.length < LIMITS.minKeyBytes || hash.length > LIMITS.maxKeyBytes) return null;
  return { params, salt, hash };
}

/**
 * Hashes a password as `scrypt$N$r$p$saltB64$hashB64`; the parameters travel with the hash so they
 * can be raised later without invalidating existing passwords (see `needsRehash`).
 * `params` exists for tests and migrations; production code uses the default.
 */
export async function hashPassword(plain: string, params: ScryptParams = CURRENT_SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await deriveKey(plain, salt, params, KEY_BYTES);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

// A real hash of a random secret, derived once on first use: a check against a stored value that
// cannot match (no account, an SSO-only account's `!sso`, an unreadable row) runs the same scrypt
// work as a real one, so timing tells none of them apart from a wrong password.
let dummyHash: Promise<ParsedHash> | undefined;
const loadDummyHash = () => (dummyHash ??= hashPassword(randomBytes(32).toString('base64')).then((stored) => parse(stored) as ParsedHash));

/**
 * True when `plain` matches `stored`. Never throws: a malformed or unsupported stored value is
 * simply not a match. Every call runs one key derivation (`kdf`, scrypt unless a test observes it),
 * whatever `stored` is: `null`/`undefined` for an unknown account spends the same time too.
 */
export async function verifyPassword(plain: string, stored: string | null | undefined, kdf: KeyDerivation = deriveKey): Promise<boolean> {
  try {
    const parsed = stored ? parse(stored) : null;
    const target = parsed ?? (await loadDummyHash());
    const candidate = await kdf(plain, target.salt, target.params, target.hash.length);
    // Compared either way, so both paths end alike; a value that cannot match never does.
    return timingSafeEqual(candidate, target.hash) && parsed !== null;
  } catch {
    return false;
  }
}

/** True when `stored` was made with other parameters than today's (or is unreadable): re-hash on next login. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  const { N, r, p } = parsed.params;
  return (
    N !== CURRENT_SCRYPT_PARAMS.N ||
    r !== CURRENT_SCRYPT_PARAMS.r ||
    p !== CURRENT_SCRYPT_PARAMS.p ||
    parsed.salt.length !== SALT_BYTES ||
    parsed.hash.length !== KEY_BYTES
  );
}
