import type { SecretBox } from '../shared/crypto/secret-box.ts';
import {
  chatFeedForPosting,
  chatFeedIncident,
  lockChatFeedThread,
  recordChatFeedPost,
  recordChatFeedThread,
} from '../shared/db/access/chat-feeds.ts';
import type { Orm } from '../shared/db/orm.ts';
import type { HttpRequestFn } from '../shared/net/outbound-http.ts';
import type { PageChannelKind } from '../shared/paging/channel.ts';
import { createMatrixFeedPoster } from '../shared/paging/channels/matrix/feed-poster.ts';
import type { ChatFeedPoster, FeedUpdate } from '../shared/paging/chat-feed.ts';
import { createSlackActionSigner } from '../shared/paging/slack/action-token.ts';
import { DEFAULT_SLACK_API_URL } from '../shared/paging/slack/client.ts';
import { createSlackFeedPoster } from '../shared/paging/slack/feed-poster.ts';

export interface ChatFeedActivityDeps {
  orm: Orm;
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

/**
 * Posts a batch's updates to an incident's feed thread: the root once (its own transaction, so a
 * failed reply never loses it), then each reply once (recorded in chat_feed_posts with the thread
 * locked, so replies keep their order across workers). A failure throws: Temporal retries, and
 * what was posted is not posted again.
 */
export function createChatFeedActivities(deps: ChatFeedActivityDeps) {
  const posters = createChatFeedPosters(deps);
  return {
    async postChatFeedUpdates(input: ChatFeedPostInput): Promise<{ posted: number }> {
      let posted = 0;
      for (const update of input.updates) {
        const done = await deps.orm.em.fork().transactional(async (em) => {
          const feed = await chatFeedForPosting(em, input.organizationId, input.feedId);
          const poster = feed && posters.get(feed.kind);
          // The feed was removed, or its chat is not in this build: nothing to post.
          if (!feed || !poster) return false;
          const connection = feed.config_sealed
            ? (JSON.parse(deps.secretBox.decrypt(feed.config_sealed)) as Record<string, unknown>)
            : null;
          const now = await chatFeedIncident(em, input.organizationId, input.incidentId);
          if (!now) return false;
          const incident = {
            ...now,
            organizationId: input.organizationId,
            id: input.incidentId,
            url: `${input.publicUrl}/incidents/${input.incidentId}`,
          };
          const thread = await lockChatFeedThread(em, input.feedId, input.incidentId, [update.eventId]);
          if (thread.posted.has(update.eventId)) return false;
          if (!thread.threadRef) {
            const threadRef = await poster.openThread(connection, feed.target, incident, `${input.feedId}\n${input.incidentId}`);
            await recordChatFeedThread(em, input.feedId, input.incidentId, threadRef);
            // The root says the incident opened: that update is posted with it.
            if (update.kind === 'opened') await recordChatFeedPost(em, input.feedId, update.eventId);
            return update.kind === 'opened' ? true : 'reply';
          }
          return 'reply';
        });
        if (done === 'reply') {
          await deps.orm.em.fork().transactional(async (em) => {
            const feed = await chatFeedForPosting(em, input.organizationId, input.feedId);
            const poster = feed && posters.get(feed.kind);
            if (!feed || !poster) return;
            const connection = feed.config_sealed
              ? (JSON.parse(deps.secretBox.decrypt(feed.config_sealed)) as Record<string, unknown>)
              : null;
            const thread = await lockChatFeedThread(em, input.feedId, input.incidentId, [update.eventId]);
            if (thread.posted.has(update.eventId) || !thread.threadRef) return;
            await poster.reply(connection, feed.target, thread.threadRef, update.text, `${input.feedId}\n${update.eventId}`);
            await recordChatFeedPost(em, input.feedId, update.eventId);
            posted += 1;
            const now = await chatFeedIncident(em, input.organizationId, input.incidentId);
            if (update.kind === 'status' && now && poster.redrawRoot)
              // The root's status and buttons follow the incident; a failed redraw is not worth a repost.
              await poster
                .redrawRoot(connection, feed.target, thread.threadRef, {
                  ...now,
                  organizationId: input.organizationId,
                  id: input.incidentId,
                  url: `${input.publicUrl}/incidents/${input.incidentId}`,
                })
                .catch(() => undefined);
          });
        } else if (done) posted += 1;
      }
      return { posted };
    },
  };
}
