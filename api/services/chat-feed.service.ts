import type { ChannelConnectionStore } from '../../shared/db/access/channel-connections.ts';
import { isoTimestamp } from '../../shared/db/sql-timestamp.ts';
import type { ChatFeedRow, ChatFeedStore } from '../../shared/db/access/chat-feeds.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.ts';
import { CHAT_FEED_TARGETS } from '../../shared/paging/chat-feed.ts';
import type { AuthContext } from '../auth-context.ts';
import type { ChatFeedView } from '../schemas/chat-feed.schemas.ts';

export type ChatFeedService = ReturnType<typeof createChatFeedService>;

const view = (row: ChatFeedRow): ChatFeedView => ({
  id: row.id,
  kind: row.kind,
  target: row.target,
  routing_rule_id: row.routing_rule_id,
  integration_id: row.integration_id,
  created_at: isoTimestamp(row.created_at),
});

/** Organization chat feeds: an incident's updates posted to one chat channel per routing rule or integration. */
export function createChatFeedService(deps: { chatFeeds: () => ChatFeedStore; connections: () => ChannelConnectionStore }) {
  return {
    async list(auth: AuthContext) {
      const rows = await deps.chatFeeds().list(auth.organizationId);
      return { items: rows.map(view), total: rows.length };
    },

    async create(auth: AuthContext, body: { kind: string; target: string; routing_rule_id?: string; integration_id?: string }) {
      const target = CHAT_FEED_TARGETS[body.kind];
      if (!target) throw new ConflictError(`${body.kind} feeds are not available on this instance`);
      if (!target.pattern.test(body.target)) throw new ValidationError([{ path: 'target', message: `must be ${target.description}` }]);
      const connection = await deps.connections().find(auth.organizationId, body.kind);
      if (!connection) throw new ConflictError(`Connect ${body.kind} first: the feed posts through the organization's connection`);
      const row = await deps.chatFeeds().create({
        organizationId: auth.organizationId,
        kind: body.kind,
        target: body.target,
        routingRuleId: body.routing_rule_id ?? null,
        integrationId: body.integration_id ?? null,
        createdById: auth.userId,
      });
      if (!row) throw new NotFoundError(body.routing_rule_id ? 'Routing rule' : 'Integration');
      return view(row);
    },

    async remove(auth: AuthContext, id: string) {
      if (!(await deps.chatFeeds().remove(auth.organizationId, id))) throw new NotFoundError('Chat feed');
    },
  };
}
