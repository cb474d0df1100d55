import type { z } from 'zod';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { HttpRequestFn } from '../net/outbound-http.ts';
import type { PageChannel, PageChannelKind } from './channel.ts';

/** The organization-level connections a channel may need (one per organization and kind). */
export const CHANNEL_CONNECTION_KINDS = ['slack', 'matrix', 'twilio', 'ntfy'] as const;
export type ChannelConnectionKind = (typeof CHANNEL_CONNECTION_KINDS)[number];

/** What every channel may be built with; each takes what it needs (tests pass fakes' URLs through these). */
export interface PageChannelDeps {
  mailer?: Mailer;
  /** The SSRF-guarded client (shared/net/outbound-http.ts): every user-given URL goes through it. */
  outboundHttp?: HttpRequestFn;
  secretBox?: SecretBox;
  /** Vendor API base URLs (a fake's in tests), by channel kind. */
  vendorBaseUrls?: Partial<Record<PageChannelKind, string>>;
}

/** What a contact method of a kind stores: its public address, its sealed secret, and (webhook) a body template. */
export interface StoredDestination {
  address: string | null;
  secret: Record<string, unknown> | null;
  template?: unknown;
}

/**
 * An organization's connection of one kind: the request body's schema (PUT /channel-connections/{kind})
 * and the safe part of a stored config that responses show (never a token or a password).
 */
export interface ChannelConnectionDescriptor {
  kind: ChannelConnectionKind;
  /** What people see as the connection's name in the console. */
  title: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  schema: z.ZodObject<any>;
  summary(config: Record<string, unknown>): Record<string, string | number | boolean | null>;
}

/**
 * One channel: how it is built, what a contact method of its kind stores (the create body's fields
 * beyond `type` and `label`, split into a public address and a sealed secret), how it is verified
 * (`link` mailed, `code` sent through the channel, `none`: the member configured the receiver),
 * and the organization connection it sends through, if any.
 */
export interface PageChannelModule {
  kind: PageChannelKind;
  create(deps: PageChannelDeps): PageChannel;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  destinationSchema: z.ZodObject<any>;
  toDestination(fields: Record<string, unknown>): StoredDestination;
  verification: 'link' | 'code' | 'none';
  connection?: ChannelConnectionDescriptor;
}
