import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** What a one-click link in a page mail may do. */
export const PAGE_LINK_ACTIONS = ['acknowledge', 'resolve'] as const;
export type PageLinkAction = (typeof PAGE_LINK_ACTIONS)[number];

/** How long a page link works: a day, longer than any escalation a mail reader still acts on. */
export const PAGE_LINK_TTL_SECONDS = 24 * 3600;

/** Whom and what a link is for: one page (so one incident and one member) and one action. */
export interface PageLinkClaims {
  pageId: string;
  organizationId: string;
  incidentId: string;
  userId: string;
  action: PageLinkAction;
  /** Unix seconds. */
  expiresAt: number;
}

export type PageLinkCheck = { ok: true; claims: PageLinkClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

export interface PageLinkSigner {
  sign(claims: Omit<PageLinkClaims, 'expiresAt'>, now: Date): string;
  verify(token: string, now: Date): PageLinkCheck;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Signs page links with HMAC-SHA256 under a key derived from ENCRYPTION_KEY (domain-separated, so
 * it never doubles as another key). Single use is the database's part (page_link_redemptions):
 * the signature only proves Tocsin wrote the link.
 */
export function createPageLinkSigner(encryptionKey: string): PageLinkSigner {
  if (encryptionKey.length < 32) throw new Error('ENCRYPTION_KEY must be at least 32 characters');
  const key = createHash('sha256').update(`tocsin-page-link:${encryptionKey}`).digest();
  const mac = (payload: string) => createHmac('sha256', key).update(`v1.${payload}`).digest();
  return {
    sign(claims, now) {
      const body = {
        p: claims.pageId,
        o: claims.organizationId,
        i: claims.incidentId,
        u: claims.userId,
        a: claims.action,
        e: Math.floor(now.getTime() / 1000) + PAGE_LINK_TTL_SECONDS,
      };
      const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
      return `v1.${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token, now) {
      const parts = typeof token === 'string' && token.length <= 1024 ? token.split('.') : [];
      const [version, payload, signature] = parts;
      if (parts.length !== 3 || version !== 'v1' || !payload || !signature) return { ok: false, reason: 'malformed' };
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const ids = [body.p, body.o, body.i, body.u];
      if (!ids.every((id) => typeof id === 'string' && UUID.test(id))) return { ok: false, reason: 'malformed' };
      if (!PAGE_LINK_ACTIONS.includes(body.a as PageLinkAction) || !Number.isInteger(body.e)) return { ok: false, reason: 'malformed' };
      if ((body.e as number) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
      return {
        ok: true,
        claims: {
          pageId: body.p as string,
          organizationId: body.o as string,
          incidentId: body.i as string,
          userId: body.u as string,
          action: body.a as PageLinkAction,
          expiresAt: body.e as number,
        },
      };
    },
  };
}
