import { z } from 'zod';
import { CHAT_MESSAGE_MAX_LENGTH, type ChatMessageView } from '../../shared/domain/chat.ts';
import { list, PaginationQuery, single, timestamp, type SameType } from './common.ts';

export const ChatMessageBody = z
  .object({ body: z.string().trim().min(1).max(CHAT_MESSAGE_MAX_LENGTH) })
  .strict()
  .meta({
    examples: [{ body: 'Rolled back the 14:02 deploy; error rate is dropping.' }, { body: '@assistant what should we check next?' }],
  });

const example = {
  id: '0193f1a2-7c4e-7d2a-9b1c-5e6f7a8b9c0d',
  incident_id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  author_id: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d',
  author_kind: 'user',
  body: '@assistant what should we check next?',
  created_at: '2026-11-24T10:00:00.000Z',
};

export const ChatMessageSchema = z
  .object({
    id: z.uuid(),
    incident_id: z.uuid(),
    author_id: z.uuid().nullable().describe('The user; null for the assistant'),
    author_kind: z.enum(['user', 'assistant']),
    body: z.string(),
    created_at: timestamp(),
  })
  .meta({ id: 'ChatMessage', examples: [example] });

/** Events carry it too, so it is written out in shared/domain; pinned here to the schema. */
export const chatMessageViewIsChatMessageSchema: SameType<ChatMessageView, z.output<typeof ChatMessageSchema>> = true;

export const ChatMessageListQuery = PaginationQuery;
export const ChatMessageResponse = single(ChatMessageSchema);
export const ChatMessageListResponse = list(ChatMessageSchema).meta({
  examples: [{ data: [example], meta: { total: 1, limit: 25, offset: 0 } }],
});
