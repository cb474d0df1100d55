import { envelope, IdParams, pageEnvelope } from '../schemas/common.ts';
import { ChatMessageBody, ChatMessageListQuery, ChatMessageListResponse, ChatMessageResponse } from '../schemas/chat.schemas.ts';
import type { ChatService } from '../services/chat.service.ts';
import { defineRoute } from './route.ts';

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
      description:
        "Each message becomes a `chat_message` timeline entry and a `chat.message` WebSocket event (`data: {message, state}`) to the organization and the incident's subscribers. " +
        'A body starting with `@assistant` also asks the assistant the operator configured (an OpenAI-compatible chat-completions API), which answers from the incident, its ' +
        'alerts, its analysis and its top suggested runbooks: while it streams, `chat.message` events with `state: "partial"` carry the answer so far (same `message.id`, not ' +
        'stored); the stored `assistant` message follows with `state: "done"`. If the assistant keeps failing, the stored answer says so. Without one, an ' +
        '`@assistant` message is refused with 409 `ASSISTANT_NOT_CONFIGURED` and nothing is stored. An organization asks the assistant at most ' +
        'a number of times per clock hour the operator sets (default 30): beyond it the question is refused with 429 `RATE_LIMITED` (`Retry-After`: the next hour) ' +
        'and nothing is stored. An answer is cut at 4000 characters (or when the stream passes 256 KiB), kept with what arrived and marked `[answer truncated]`.',
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: IdParams, body: ChatMessageBody },
      responses: { 201: { description: 'The stored message', schema: ChatMessageResponse } },
      errors: [404, 409, 429, 503],
      handler: async ({ auth, params, body }) => ({ status: 201, body: envelope(await chat.post(auth, params.id, body.body)) }),
    }),
  ];
}
