import { randomBytes } from 'node:crypto';
import { createSignedTokens, expired, type SignedTokenRefusal } from '../crypto/signed-token.ts';
import { PAGE_CHANNEL_KINDS, type PageChannelKind } from './channel.ts';

/** A link to tie a chat account to a member works 15 minutes, once. */
export const CHANNEL_LINK_TTL_SECONDS = 15 * 60;

/** Whom a link token is for: one account on one channel, in one organization. */
export interface ChannelLinkClaims {
  organizationId: string;
  kind: PageChannelKind;
  externalId: string;
  externalName: string | null;
  /** Spent once in channel_link_redemptions. */
  nonce: string;
  /** Unix seconds. */
  expiresAt: number;
}

export type ChannelLinkCheck = { ok: true; claims: ChannelLinkClaims } | { ok: false; reason: SignedTokenRefusal };

export interface ChannelLinks {
  /** The console URL the channel sends its user (`${publicUrl}/link-channel?token=...`). */
  createChannelLinkToken(
    input: { organizationId: string; kind: PageChannelKind; externalId: string; externalName?: string | null },
    now?: Date,
  ): string;
  verify(token: string, now?: Date): ChannelLinkCheck;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Signs channel link tokens with HMAC-SHA256 under a key derived from ENCRYPTION_KEY (its own
 * domain, so it never doubles as another key). The API and the worker build the same links.
 */
export function createChannelLinks(options: { encryptionKey: string; publicUrl: string }): ChannelLinks {
  const tokens = createSignedTokens(options.encryptionKey, 'tocsin-channel-link');
  return {
    createChannelLinkToken(input, now = new Date()) {
      const body = {
        o: input.organizationId,
        k: input.kind,
        x: input.externalId,
        n: input.externalName ?? null,
        r: randomBytes(16).toString('base64url'),
        e: Math.floor(now.getTime() / 1000) + CHANNEL_LINK_TTL_SECONDS,
      };
      const token = tokens.seal(body);
      return `${options.publicUrl}/link-channel?token=${encodeURIComponent(token)}`;
    },
    verify(token, now = new Date()) {
      const opened = tokens.open(token, 2048);
      if (!opened.ok) return opened;
      const { body } = opened;
      const valid =
        typeof body.o === 'string' &&
        UUID.test(body.o) &&
        PAGE_CHANNEL_KINDS.includes(body.k as PageChannelKind) &&
        typeof body.x === 'string' &&
        body.x.length > 0 &&
        body.x.length <= 255 &&
        (body.n === null || (typeof body.n === 'string' && body.n.length <= 255)) &&
        typeof body.r === 'string' &&
        Number.isInteger(body.e);
      if (!valid) return { ok: false, reason: 'malformed' };
      if (expired(body.e as number, now)) return { ok: false, reason: 'expired' };
      return {
        ok: true,
        claims: {
          organizationId: body.o as string,
          kind: body.k as PageChannelKind,
          externalId: body.x as string,
          externalName: body.n as string | null,
          nonce: body.r as string,
          expiresAt: body.e as number,
        },
      };
    },
  };
}
