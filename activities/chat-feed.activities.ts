import type { SecretBox } from '../shared/crypto/secret-box.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApplicationFailure } from '@temporalio/activity';
import type { ChatFeedStore, ChatFeedThreadUnit } from '../shared/db/access/chat-feeds.ts';
import type { HttpRequestFn } from '../shared/net/outbound-http.ts';
import type { PageChannelKind } from '../shared/paging/channel.ts';
import { createMatrixFeedPoster } from '../shared/paging/channels/matrix/feed-poster.ts';
import type { ChatFeedPoster, FeedUpdate } from '../shared/paging/chat-feed.ts';
import { createSlackActionSigner } from '../shared/paging/slack/action-token.ts';
import { DEFAULT_SLACK_API_URL } from '../shared/paging/slack/client.ts';
import { createSlackFeedPoster } from '../shared/paging/slack/feed-poster.ts';
import { incidentUrl } from '../shared/domain/incident.ts';

export interface ChatFeedActivityDeps {
  /** A fresh unit of work per call. */
  chatFeeds: () => ChatFeedStore;
  secretBox: SecretBox;
  vendorBaseUrls?: Partial<Record<PageChannelKind, string>>;
  /** The SSRF-guarded client: a Matrix homeserver is the organization's. */
  outboundHttp?: HttpRequestFn;
}

/** What one chat-feed workflow posts: a relay batch's updates of one incident to one feed, in event order. */
export interface ChatFeedPostInput {
  organizationId: string;
  feedId: string;
  incidentId: string;
  publicUrl: string;
  updates: FeedUpdate[];
}

/** The chats feeds can post to (Matrix where this worker has an outbound client). */
export function createChatFeedPosters(deps: ChatFeedActivityDeps): Map<string, ChatFeedPoster> {
  const slack = createSlackFeedPoster({
    apiUrl: deps.vendorBaseUrls?.slack ?? DEFAULT_SLACK_API_URL,
    actions: createSlackActionSigner(deps.secretBox),
  });
  const posters: ChatFeedPoster[] = [slack, ...(deps.outboundHttp ? [createMatrixFeedPoster({ http: deps.outboundHttp })] : [])];
  return new Map(posters.map((poster) => [poster.kind, poster]));
}

/** How long one attempt waits for an earlier update of its thread before Temporal retries it (with backoff). */
const TURN_WAIT_MS = 30_000;

/**
 * Posts a batch's updates to an incident's feed thread, in the outbox order across batches: each
 * waits while an earlier update of the thread (another batch's workflow) is still pending
 * (chat_feed_pending, decision 0020), then the root once (its own transaction, so a failed reply
 * never loses it), then each reply once (recorded in chat_feed_posts, and no longer pending, with
 * the thread locked). A failure throws: Temporal retries, and what was posted is not posted again.
 */
export function createChatFeedActivities(deps: ChatFeedActivityDeps & { turnWaitMs?: number }) {
  const posters = createChatFeedPosters(deps);
  const turnWaitMs = deps.turnWaitMs ?? TURN_WAIT_MS;

  /** The feed, its poster and its opened connection; undefined when the feed is gone or its chat not in this build. */
  async function feedOf(thread: ChatFeedThreadUnit) {
    const feed = await thread.feed();
    const poster = feed && posters.get(feed.kind);
    if (!feed || !poster) return undefined;
    const connection = feed.config_sealed ? (JSON.parse(deps.secretBox.decrypt(feed.config_sealed)) as Record<string, unknown>) : null;
    return { feed, poster, connection };
  }

  /**
   * The thread's root, once, when its turn has come: `wait` while an earlier update is pending,
   * `done` when nothing more is to be said for this update (the root said it, it was posted before,
   * or the feed or incident is gone), `reply` when it is to be posted in the thread.
   */
  async function openOrWait(input: ChatFeedPostInput, update: FeedUpdate): Promise<'wait' | 'done' | 'opened' | 'reply'> {
    return deps.chatFeeds().threadTransaction(input, async (unit) => {
      const found = await feedOf(unit);
      const now = found && (await unit.incident());
      if (!found || !now) {
        await unit.clearPending([update.eventId]);
        return 'done';
      }
      const thread = await unit.lock([update.eventId]);
      if (thread.posted.has(update.eventId)) {
        await unit.clearPending([update.eventId]);
        return 'done';
      }
      if (await unit.earlierUpdatePending(update.eventId)) return 'wait';
      if (thread.threadRef) return 'reply';
      const incident = {
        ...now,
        organizationId: input.organizationId,
        id: input.incidentId,
        url: incidentUrl(input.publicUrl, input.incidentId),
      };
      const threadRef = await found.poster.openThread(
        found.connection,
        found.feed.target,
        incident,
        `${input.feedId}\n${input.incidentId}`,
      );
      await unit.recordThread(threadRef);
      if (update.kind !== 'opened') return 'reply';
      // The root says the incident opened: that update is posted with it.
      await unit.recordPost(update.eventId);
      await unit.clearPending([update.eventId]);
      return 'opened';
    });
  }

  /** Posts one reply in the thread, once, and redraws the root after a status change. */
  async function reply(input: ChatFeedPostInput, update: FeedUpdate): Promise<boolean> {
    return deps.chatFeeds().threadTransaction(input, async (unit) => {
      const found = await feedOf(unit);
      const thread = found && (await unit.lock([update.eventId]));
      if (!found || !thread || thread.posted.has(update.eventId) || !thread.threadRef) {
        await unit.clearPending([update.eventId]);
        return false;
      }
      const { poster, connection, feed } = found;
      await poster.reply(connection, feed.target, thread.threadRef, update.text, `${input.feedId}\n${update.eventId}`);
      await unit.recordPost(update.eventId);
      await unit.clearPending([update.eventId]);
      const now = await unit.incident();
      if (update.kind === 'status' && now && poster.redrawRoot)
        // The root's status and buttons follow the incident; a failed redraw is not worth a repost.
        await poster
          .redrawRoot(connection, feed.target, thread.threadRef, {
            ...now,
            organizationId: input.organizationId,
            id: input.incidentId,
            url: incidentUrl(input.publicUrl, input.incidentId),
          })
          .catch(() => undefined);
      return true;
    });
  }

  return {
    async postChatFeedUpdates(input: ChatFeedPostInput): Promise<{ posted: number }> {
      let posted = 0;
      for (const update of input.updates) {
        const deadline = Date.now() + turnWaitMs;
        let pause = 100;
        let step = await openOrWait(input, update);
        while (step === 'wait') {
          if (Date.now() >= deadline)
            throw ApplicationFailure.retryable('an earlier update of this feed thread is not posted yet', 'EarlierFeedUpdatePending');
          await sleep(pause);
          pause = Math.min(2_000, pause * 2);
          step = await openOrWait(input, update);
        }
        if (step === 'opened') posted += 1;
        else if (step === 'reply' && (await reply(input, update))) posted += 1;
      }
      return { posted };
    },

    /**
     * Ends the pending state of a workflow's updates whose posts were given up (retries exhausted):
     * the thread's later updates then go on without them.
     */
    async releaseChatFeedUpdates(input: { organizationId: string; feedId: string; eventIds: string[] }): Promise<void> {
      await deps.chatFeeds().clearPending(input.organizationId, input.feedId, input.eventIds);
    },
  };
}
