import { z } from 'zod';
import { instant, LayersSchema, LayerViewSchema } from '../../shared/domain/schedule-definition.ts';
import { TimeZoneSchema } from '../../shared/domain/time-zone.ts';
import { list, nonBlankText, PaginationQuery, requireAnyOf, single, timestamp } from './common.ts';
import { ownerTeamId, teamIdFilter } from './team.schemas.ts';

/** Longest window `GET /schedules/{id}/shifts` renders: a year and a day (leap years, DST). */
export const MAX_SHIFT_RANGE_DAYS = 366;

export const ScheduleOverrideSchema = z
  .object({
    id: z.uuid(),
    schedule_id: z.uuid(),
    user_id: z.uuid(),
    start: timestamp(),
    end: timestamp(),
    created_by: z.uuid().nullable(),
    created_at: timestamp(),
  })
  .meta({ id: 'ScheduleOverride' });

export const ScheduleSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    time_zone: z.string().describe('IANA zone name as given'),
    layers: z.array(LayerViewSchema).describe('Lowest first; an `ical` layer shows its fetch state, never its URL'),
    overrides: z.array(ScheduleOverrideSchema).describe('Overrides not yet over, oldest first (at most 100)'),
    team_id: z
      .uuid()
      .nullable()
      .describe("The owning team; null: the organization's. Paging the team pages whoever its schedules have on call"),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Schedule' });

export const ScheduleListQuery = PaginationQuery.extend({ team_id: teamIdFilter });

export const CreateScheduleBody = z.object({
  name: nonBlankText().max(200),
  description: z.string().max(20_000).nullish(),
  time_zone: TimeZoneSchema,
  layers: LayersSchema.default([]),
  team_id: ownerTeamId.optional(),
});

export const UpdateScheduleBody = requireAnyOf(
  z
    .object({
      name: nonBlankText().max(200).optional(),
      description: z.string().max(20_000).nullable().optional(),
      time_zone: TimeZoneSchema.optional(),
      layers: LayersSchema.optional().describe('Replaces every layer'),
      team_id: ownerTeamId.optional(),
    })
    .strict(),
);

export const CreateOverrideBody = z
  .object({
    user_id: z.uuid().describe('Who is on call; without `schedules:update` only yourself'),
    start: instant(),
    end: instant(),
  })
  .strict()
  .refine((body) => body.end > body.start, { path: ['end'], message: 'must be after start' })
  .refine((body) => Date.parse(body.end) - Date.parse(body.start) <= MAX_SHIFT_RANGE_DAYS * 86_400_000, {
    path: ['end'],
    message: `an override lasts at most ${MAX_SHIFT_RANGE_DAYS} days`,
  });

export const OverrideParams = z.object({ id: z.uuid(), override_id: z.uuid() });
export const LayerParams = z.object({ id: z.uuid(), layer_id: z.uuid().describe('The `id` of an `ical` layer') });

export const ShiftsQuery = z.object({
  from: instant().optional().describe('Start of the window (default: now)'),
  to: instant().optional().describe(`End of the window (default: 14 days after \`from\`; at most ${MAX_SHIFT_RANGE_DAYS} days after it)`),
});

const ShiftSchema = z
  .object({
    user_id: z.uuid(),
    start: timestamp(),
    end: timestamp(),
    source: z.enum(['layer', 'override']),
  })
  .meta({ id: 'ScheduleShift' });

const GapSchema = z.object({ start: timestamp(), end: timestamp() }).meta({ id: 'ScheduleGap' });

export const ShiftsSchema = z
  .object({
    schedule_id: z.uuid(),
    time_zone: z.string(),
    from: timestamp(),
    to: timestamp(),
    shifts: z.array(ShiftSchema).describe('The final schedule: contiguous shifts, sorted, never overlapping'),
    gaps: z.array(GapSchema).describe('Parts of the window nobody covers'),
    layers: z
      .array(z.object({ index: z.number().int(), shifts: z.array(ShiftSchema.omit({ source: true })) }))
      .describe('Each layer on its own, before the layers above it and the overrides'),
  })
  .meta({ id: 'ScheduleShifts' });

export const OnCallQuery = z.object({ at: instant().optional().describe('The instant to ask about (default: now)') });

export const OnCallSchema = z
  .object({
    schedule_id: z.uuid(),
    schedule_name: z.string(),
    time_zone: z.string(),
    user_id: z.uuid().nullable().describe('Who is on call; null in a gap'),
    source: z.enum(['layer', 'override']).nullable(),
    start: timestamp().nullable().describe('Start of the shift (looked for up to 7 days back)'),
    end: timestamp().nullable().describe('End of the shift (looked for up to 7 days ahead)'),
  })
  .meta({ id: 'OnCall' });

export const ScheduleResponse = single(ScheduleSchema);
export const ScheduleListResponse = list(ScheduleSchema);
export const OverrideResponse = single(ScheduleOverrideSchema);
export const ShiftsResponse = single(ShiftsSchema);
export const OnCallResponse = z.object({ data: z.array(OnCallSchema), meta: z.object({ at: timestamp() }) });

export type ScheduleView = z.output<typeof ScheduleSchema>;
export type ScheduleOverrideView = z.output<typeof ScheduleOverrideSchema>;
export type ShiftsView = z.output<typeof ShiftsSchema>;
export type OnCallView = z.output<typeof OnCallSchema>;

export const CalendarFeedSchema = z
  .object({
    enabled: z.boolean(),
    url: z.url().nullable().describe('The secret feed URL: only in the answer that creates it, null otherwise'),
    created_at: timestamp().nullable(),
  })
  .meta({ id: 'CalendarFeed' });
export const CalendarFeedResponse = single(CalendarFeedSchema);
export const CalendarFeedQuery = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'not a feed secret') });
