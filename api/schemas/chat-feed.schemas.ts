import { z } from 'zod';
import { list, single, timestamp } from './common.ts';

export const CreateChatFeedBody = z
  .object({
    kind: z.enum(['slack', 'matrix']).describe("The chat: the organization's connection of that kind posts"),
    target: z
      .string()
      .trim()
      .min(1)
      .max(255)
      .describe(
        'Where to post: a Slack channel id (C…/G…) the app was invited to, or a Matrix room id (!…) or alias (#name:server) the bot was invited to',
      ),
    routing_rule_id: z.uuid().optional().describe('Incidents routed by this rule (exactly one of routing_rule_id and integration_id)'),
    integration_id: z.uuid().optional().describe("Incidents opened by this integration's alerts"),
  })
  .strict()
  .refine((body) => (body.routing_rule_id ? 1 : 0) + (body.integration_id ? 1 : 0) === 1, {
    message: 'exactly one of routing_rule_id and integration_id',
    path: ['routing_rule_id'],
  })
  .meta({ id: 'CreateChatFeed' });

export const ChatFeedSchema = z
  .object({
    id: z.uuid(),
    kind: z.string(),
    target: z.string(),
    routing_rule_id: z.uuid().nullable(),
    integration_id: z.uuid().nullable(),
    created_at: timestamp(),
  })
  .meta({ id: 'ChatFeed' });
export type ChatFeedView = z.output<typeof ChatFeedSchema>;

export const ChatFeedResponse = single(ChatFeedSchema);
export const ChatFeedListResponse = list(ChatFeedSchema);
