import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Why a token was refused: not one of ours in shape, not signed by us, or past its expiry. */
export type SignedTokenRefusal = 'malformed' | 'signature' | 'expired';

export interface SignedTokens {
  /** `v1.<payload>.<mac>`: the JSON body, base64url, and its HMAC. */
  seal(body: Record<string, unknown>): string;
  /** The body of a token we signed, or why not; expiry is the caller's (its own claim name). */
  open(
    token: unknown,
    maxLength: number,
  ): { ok: true; body: Record<string, unknown> } | { ok: false; reason: Exclude<SignedTokenRefusal, 'expired'> };
}

/**
 * HMAC-SHA256 tokens under a key derived from ENCRYPTION_KEY for one purpose (`domain`), so a
 * token of one kind never verifies as another and the key never doubles as another key.
 */
export function createSignedTokens(encryptionKey: string, domain: string): SignedTokens {
  if (encryptionKey.length < 32) throw new Error('ENCRYPTION_KEY must be at least 32 characters');
  const key = createHash('sha256').update(`${domain}:${encryptionKey}`).digest();
  const mac = (payload: string) => createHmac('sha256', key).update(`v1.${payload}`).digest();
  return {
    seal(body) {
      const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
      return `v1.${payload}.${mac(payload).toString('base64url')}`;
    },
    open(token, maxLength) {
      const parts = typeof token === 'string' && token.length <= maxLength ? token.split('.') : [];
      const [version, payload, signature] = parts;
      if (parts.length !== 3 || version !== 'v1' || !payload || !signature) return { ok: false, reason: 'malformed' };
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
      try {
        const body: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
        return body !== null && typeof body === 'object' && !Array.isArray(body)
          ? { ok: true, body: body as Record<string, unknown> }
          : { ok: false, reason: 'malformed' };
      } catch {
        return { ok: false, reason: 'malformed' };
      }
    },
  };
}

/** Whether a token's `e` claim (Unix seconds) has passed. */
export const expired = (expiresAt: number, now: Date) => expiresAt * 1000 <= now.getTime();
