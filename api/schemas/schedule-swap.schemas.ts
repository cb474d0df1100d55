import { z } from 'zod';
import { instant } from '../../shared/domain/schedule-definition.ts';
import { list, PaginationQuery, requireAnyOf, single, timestamp } from './common.ts';
import { MAX_SHIFT_RANGE_DAYS } from './schedule.schemas.ts';

export const SwapRequestSchema = z
  .object({
    id: z.uuid(),
    schedule_id: z.uuid(),
    requester_id: z.uuid().describe('Who asks for cover: on call over the whole range when asking'),
    target_user_id: z.uuid().nullable().describe('The one member asked; null: anyone may accept'),
    start: timestamp(),
    end: timestamp(),
    message: z.string().nullable(),
    status: z.enum(['open', 'accepted', 'declined', 'cancelled']),
    responder_id: z.uuid().nullable().describe('Who accepted or declined'),
    override_id: z.uuid().nullable().describe('The override made when accepted (null once removed)'),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'ScheduleSwapRequest' });

export const CreateSwapRequestBody = z
  .object({
    start: instant(),
    end: instant(),
    target_user_id: z.uuid().nullish().describe('Ask one member only (default: anyone in the organization)'),
    message: z.string().trim().max(1000).nullish(),
  })
  .strict()
  .refine((body) => body.end > body.start, { path: ['end'], message: 'must be after start' })
  .refine((body) => Date.parse(body.end) - Date.parse(body.start) <= MAX_SHIFT_RANGE_DAYS * 86_400_000, {
    path: ['end'],
    message: `a swap covers at most ${MAX_SHIFT_RANGE_DAYS} days`,
  });

export const SwapRequestListQuery = PaginationQuery.extend({
  status: z.enum(['open', 'accepted', 'declined', 'cancelled']).optional().describe('Only requests in this state'),
});

export const SwapRequestParams = z.object({ id: z.uuid(), request_id: z.uuid() });

export const SwapRequestResponse = single(SwapRequestSchema);
export const SwapRequestListResponse = list(SwapRequestSchema);
export type SwapRequestView = z.output<typeof SwapRequestSchema>;

export const HandoffPreferencesSchema = z
  .object({
    handoff_notice_minutes: z
      .number()
      .int()
      .min(0)
      .max(1440)
      .nullable()
      .describe('Told this many minutes before each of your on-call shifts starts; null: not told'),
    notify_on_shift_end: z.boolean().describe('Told when each of your on-call shifts ends'),
  })
  .meta({ id: 'HandoffPreferences' });

export const UpdateHandoffPreferencesBody = requireAnyOf(HandoffPreferencesSchema.partial().strict());
export const HandoffPreferencesResponse = single(HandoffPreferencesSchema);
export type HandoffPreferencesView = z.output<typeof HandoffPreferencesSchema>;
