import type { PageContent } from './contact-page.ts';

/**
 * The one port every page channel implements. The escalation workflow and notification rules know
 * only a contact method's type; how a page goes out, how an action that comes back is verified, and
 * how a sent message is updated as the incident changes belong to the channel.
 */

/** Every way a page reaches a person. */
export const PAGE_CHANNEL_KINDS = ['email', 'webhook', 'push', 'sms', 'voice', 'slack', 'matrix'] as const;
export type PageChannelKind = (typeof PAGE_CHANNEL_KINDS)[number];

/** What a person can do from a page, wherever it arrives (a snooze where the channel has buttons or commands). */
export type PageAction = 'acknowledge' | 'resolve' | 'escalate' | SnoozeAction;

/** Snoozing an acknowledged incident from a page, for a fixed length (PagerDuty's chat snooze). */
export type SnoozeAction = 'snooze_1h' | 'snooze_4h';

/** How long each snooze action snoozes, in seconds. */
export const SNOOZE_SECONDS: Record<SnoozeAction, number> = { snooze_1h: 3600, snooze_4h: 14_400 };

export const isSnoozeAction = (action: PageAction | 'reopened'): action is SnoozeAction => Object.hasOwn(SNOOZE_SECONDS, action);

/**
 * A member's contact method as the channel sees it while sending: its public part (`address`: an
 * email, a phone number, a Slack user or channel id, a Matrix room, an ntfy topic) and its sealed
 * part (tokens, URLs), opened for this send only.
 */
export interface ChannelDestination {
  address: string | null;
  secret: Record<string, unknown> | null;
  /** A webhook method's body template (public, stored beside the address); absent elsewhere. */
  template?: unknown;
}

/**
 * The organization's connection for the channel (Twilio credentials, the Slack app's bot token, the
 * Matrix bot account), opened for this send only; null where the channel needs none.
 */
export type ChannelConnection = Record<string, unknown> | null;

/** One page to one member on one channel. */
export interface ChannelPage {
  pageId: string;
  organizationId: string;
  userId: string;
  content: PageContent;
  /** Signed, single-use URLs acting for this member on this incident (POST acts; GET only shows). */
  actions: Partial<Record<PageAction, string>>;
  /** Stable for the page across resends: passed wherever the vendor takes an idempotency key. */
  idempotencyKey: string;
  /** The page is sent again because a worker died after claiming it: the message may say so. */
  resend: boolean;
}

/** `messageRef` lets `update` find the message later (a Slack ts, a Matrix event id). */
export type ChannelSendOutcome = { ok: true; messageRef?: string } | { ok: false; error: string };

/** What happened to an incident whose page messages are updated in place. */
export interface IncidentChange {
  status: string;
  action: PageAction | 'reopened';
  /** Who acted, as shown to people (a member's name), or null for the system. */
  actorName: string | null;
}

export interface PageChannel {
  readonly kind: PageChannelKind;
  /** Never throws: a failure is an outcome, recorded on the page, and paging goes on. */
  send(page: ChannelPage, to: ChannelDestination, connection: ChannelConnection, signal: AbortSignal): Promise<ChannelSendOutcome>;
  /** Channels whose messages can change (chat) say who acknowledged or resolved. */
  update?(messageRef: string, to: ChannelDestination, connection: ChannelConnection, change: IncidentChange): Promise<void>;
}

/**
 * An action that arrived on a channel and passed that channel's verification (a signature, a
 * timestamp window, a replay check). It acts exactly as the API does, once.
 */
export interface ChannelActionRequest {
  organizationId: string;
  incidentId: string;
  action: PageAction;
  channel: PageChannelKind;
  /** The linked Tocsin member; null when the sender's identity is not linked (refused, saying why). */
  userId: string | null;
  /** The page answered, where the channel knows it (an SMS reply, a push button). */
  pageId?: string;
}

/** `unchanged`: the incident was already in that state (someone else acted first): nothing happens, and the sender is told. */
export type ChannelActionResult =
  { outcome: 'done'; message: string } | { outcome: 'unchanged'; message: string } | { outcome: 'refused'; message: string };
