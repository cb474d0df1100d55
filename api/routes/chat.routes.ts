import { envelope, IdParams, pageEnvelope } from '../schemas/common.ts';
import { ChatMessageBody, ChatMessageListQuery, ChatMessageListResponse, ChatMessageResponse } from '../schemas/chat.schemas.ts';
import type { ChatService } from '../services/chat.service.ts';
import { defineRoute } from './route.ts';
import { chatDocs } from '../docs/chat.ts';

export function chatRoutes(chat: ChatService) {
  return [
    defineRoute({
      method: 'get',
      path: '/incidents/{id}/messages',
      operationId: 'listIncidentMessages',
      summary: "The incident's chat, oldest first",
      tags: ['incidents'],
      access: 'incidents:read',
      request: { params: IdParams, query: ChatMessageListQuery },
      responses: { 200: { description: 'A page of messages', schema: ChatMessageListResponse } },
      errors: [404],
      handler: async ({ auth, params, query }) => ({ body: pageEnvelope(await chat.list(auth, params.id, query), query) }),
    }),
    defineRoute({
      method: 'post',
      path: '/incidents/{id}/messages',
      operationId: 'postIncidentMessage',
      summary: 'Post a chat message; `@assistant` asks the assistant',
      description: chatDocs.postIncidentMessage,
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: IdParams, body: ChatMessageBody },
      responses: { 201: { description: 'The stored message', schema: ChatMessageResponse } },
      errors: [404, 409, 429, 503],
      handler: async ({ auth, params, body }) => ({ status: 201, body: envelope(await chat.post(auth, params.id, body.body)) }),
    }),
  ];
}
