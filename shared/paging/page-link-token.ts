import { createSignedTokens, expired, type SignedTokenRefusal } from '../crypto/signed-token.ts';

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

export type PageLinkCheck = { ok: true; claims: PageLinkClaims } | { ok: false; reason: SignedTokenRefusal };

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
  const tokens = createSignedTokens(encryptionKey, 'tocsin-page-link');
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
      return tokens.seal(body);
    },
    verify(token, now) {
      const opened = tokens.open(token, 1024);
      if (!opened.ok) return opened;
      const { body } = opened;
      const ids = [body.p, body.o, body.i, body.u];
      if (!ids.every((id) => typeof id === 'string' && UUID.test(id))) return { ok: false, reason: 'malformed' };
      if (!PAGE_LINK_ACTIONS.includes(body.a as PageLinkAction) || !Number.isInteger(body.e)) return { ok: false, reason: 'malformed' };
      if (expired(body.e as number, now)) return { ok: false, reason: 'expired' };
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
