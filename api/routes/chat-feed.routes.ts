import { envelope, ErrorResponse, IdParams } from '../schemas/common.ts';
import { ChatFeedListResponse, ChatFeedResponse, CreateChatFeedBody } from '../schemas/chat-feed.schemas.ts';
import type { ChatFeedService } from '../services/chat-feed.service.ts';
import { defineRoute } from './route.ts';
import { chatFeedDocs } from '../docs/chat-feed.ts';

/** Organization chat feeds (Slack channels, Matrix rooms) per routing rule or integration. */
export function chatFeedRoutes(feeds: ChatFeedService) {
  return [
    defineRoute({
      method: 'get',
      path: '/chat-feeds',
      operationId: 'listChatFeeds',
      summary: "The organization's chat feeds",
      tags: ['channels'],
      access: 'integrations:read',
      responses: { 200: { description: 'Every feed', schema: ChatFeedListResponse } },
      handler: async ({ auth }) => {
        const page = await feeds.list(auth);
        return { body: { data: page.items, meta: { total: page.total, limit: page.total, offset: 0 } } };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/chat-feeds',
      operationId: 'createChatFeed',
      summary: "Post a routing rule's or an integration's incidents to a chat channel",
      description: chatFeedDocs.createChatFeed,
      tags: ['channels'],
      access: 'integrations:update',
      request: { body: CreateChatFeedBody },
      responses: { 201: { description: 'The feed', schema: ChatFeedResponse }, 404: { description: 'NOT_FOUND', schema: ErrorResponse } },
      errors: [409],
      handler: async ({ auth, body }) => ({ status: 201, body: envelope(await feeds.create(auth, body)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/chat-feeds/{id}',
      operationId: 'deleteChatFeed',
      summary: 'Stop a chat feed',
      tags: ['channels'],
      access: 'integrations:update',
      request: { params: IdParams },
      responses: { 204: { description: 'Removed' }, 404: { description: 'NOT_FOUND', schema: ErrorResponse } },
      handler: async ({ auth, params }) => {
        await feeds.remove(auth, params.id);
        return { status: 204 };
      },
    }),
  ];
}
