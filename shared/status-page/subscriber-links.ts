import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** What a subscriber's link does: confirm the subscription (double opt-in) or end it. */
export type SubscriberLinkPurpose = 'confirm' | 'unsubscribe';

/** A confirmation link works this long; an unsubscribe link as long as the subscription exists (RFC 8058 links must keep working). */
export const CONFIRM_LINK_TTL_SECONDS = 7 * 24 * 3600;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface SubscriberLinks {
  token(purpose: SubscriberLinkPurpose, subscriberId: string, now?: Date): string;
  /** The subscriber the token names, or null for a forged, altered, expired or malformed one. */
  verify(purpose: SubscriberLinkPurpose, token: unknown, now?: Date): string | null;
  confirmUrl(subscriberId: string): string;
  unsubscribeUrl(subscriberId: string): string;
}

/**
 * Signed links (HMAC-SHA256 under a key derived from ENCRYPTION_KEY) naming the subscriber row: no
 * token is stored anywhere, and a link outlives nothing it names (unsubscribing deletes the row).
 */
export function createSubscriberLinks(options: { encryptionKey: string; publicUrl: string }): SubscriberLinks {
  if (options.encryptionKey.length < 32) throw new Error('ENCRYPTION_KEY must be at least 32 characters');
  const key = createHash('sha256').update(`tocsin-status-subscriber:${options.encryptionKey}`).digest();
  const mac = (text: string) => createHmac('sha256', key).update(text).digest();
  const links: SubscriberLinks = {
    token(purpose, subscriberId, now = new Date()) {
      const expires = purpose === 'confirm' ? Math.floor(now.getTime() / 1000) + CONFIRM_LINK_TTL_SECONDS : 0;
      const payload = `${purpose}.${subscriberId}.${expires}`;
      return `v1.${subscriberId}.${expires}.${mac(payload).toString('base64url')}`;
    },
    verify(purpose, token, now = new Date()) {
      if (typeof token !== 'string' || token.length > 200) return null;
      const [version, subscriberId, expiresText, signature, ...rest] = token.split('.');
      if (version !== 'v1' || !subscriberId || !UUID.test(subscriberId) || !expiresText || !signature || rest.length > 0) return null;
      if (!/^\d{1,12}$/.test(expiresText)) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(`${purpose}.${subscriberId}.${expiresText}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const expires = Number(expiresText);
      if (expires !== 0 && expires * 1000 < now.getTime()) return null;
      return subscriberId;
    },
    confirmUrl: (subscriberId) =>
      `${options.publicUrl}/api/v1/status-subscriptions/confirm?token=${encodeURIComponent(links.token('confirm', subscriberId))}`,
    unsubscribeUrl: (subscriberId) =>
      `${options.publicUrl}/api/v1/status-subscriptions/unsubscribe?token=${encodeURIComponent(links.token('unsubscribe', subscriberId))}`,
  };
  return links;
}
