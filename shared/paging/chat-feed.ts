import type { ChannelConnection } from './channel.ts';

/** An incident as a feed shows it (from the event's snapshot). */
export interface FeedIncident {
  id: string;
  title: string;
  severity: string;
  status: string;
}

/** One thing to say in an incident's feed thread: `opened` starts the thread, the others reply in it. */
export interface FeedUpdate {
  eventId: string;
  kind: 'opened' | 'status' | 'escalated' | 'message' | 'status_update';
  /** The reply's text (plain; each poster escapes it for its chat). */
  text: string;
  incident: FeedIncident;
}

/** An incident as its feed thread's root shows it. */
export interface FeedThreadIncident {
  organizationId: string;
  id: string;
  title: string;
  severity: string;
  status: string;
  url: string;
}

/**
 * How one chat (Slack, Matrix) carries an organization feed: the incident's thread root (posted
 * once, redrawn as its status changes) and replies in that thread. Adding a chat = a poster + one
 * line in the worker's poster map.
 */
export interface ChatFeedPoster {
  readonly kind: string;
  /** Whether `target` is a place this chat can post to (a Slack channel id, a Matrix room id). */
  validTarget(target: string): boolean;
  /**
   * Posts the thread's root; resolves to the reference replies and redraws use. `key` names this
   * root (feed and incident) and each reply's names the update: a chat that takes an idempotency
   * key (Matrix's transaction ids) posts a retry after a crash once.
   */
  openThread(connection: ChannelConnection, target: string, incident: FeedThreadIncident, key: string): Promise<string>;
  reply(connection: ChannelConnection, target: string, threadRef: string, text: string, key: string): Promise<void>;
  /** Redraws the root with the incident's current status (where the chat can edit messages). */
  redrawRoot?(connection: ChannelConnection, target: string, threadRef: string, incident: FeedThreadIncident): Promise<void>;
}

/** Where each chat's feeds may post: a Slack channel id (the bot invited), a Matrix room id or alias. */
export const CHAT_FEED_TARGETS: Record<string, { pattern: RegExp; description: string }> = {
  slack: { pattern: /^[CG][A-Z0-9]{2,20}$/, description: 'a Slack channel id (C…/G…) the Tocsin app was invited to' },
  matrix: {
    pattern: /^(?:#[^\s:]{1,255}:[A-Za-z0-9.[\]:-]{1,255}|![^\s:]{1,255}(?::[A-Za-z0-9.[\]:-]{1,255})?)$/,
    description: 'a Matrix room id (!…) or alias (#name:server) the bot was invited to',
  },
};
