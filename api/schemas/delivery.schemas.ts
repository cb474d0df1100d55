import { z } from 'zod';
import { list, PaginationQuery, timestamp } from './common.ts';

export const WebhookDeliverySchema = z
  .object({
    id: z.uuid(),
    integration_id: z.uuid(),
    event_id: z.uuid().describe('The domain event delivered'),
    event_type: z.string(),
    attempt: z.number().int().describe('1-based attempt number within the delivery (0: outcome recorded without an attempt)'),
    success: z.boolean(),
    status_code: z
      .number()
      .int()
      .nullable()
      .describe('HTTP status of the answer; null when no answer (refused target, timeout, network error)'),
    error: z.string().nullable(),
    duration_ms: z.number().int(),
    final: z.boolean().describe('This attempt decided the delivery and counted toward consecutive failures'),
    created_at: timestamp(),
  })
  .meta({ id: 'WebhookDelivery' });

export const DeliveryListQuery = PaginationQuery.extend({
  event_id: z.uuid().optional(),
  success: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

/** What the services return: the response schemas are the contract, these types follow them. */
export type WebhookDeliveryView = z.output<typeof WebhookDeliverySchema>;

export const DeliveryListResponse = list(WebhookDeliverySchema);
