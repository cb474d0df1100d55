import { z } from 'zod';
import { isTimeZone, parseWindowRule, WindowRuleError } from '../../shared/domain/maintenance-window.ts';
import { list, nonBlankText, PaginationQuery, single, timestamp } from './common.ts';

const dateTime = () => z.iso.datetime({ offset: true }).describe('RFC 3339 date-time with offset');

const rrule = z
  .string()
  .max(500)
  .superRefine((text, ctx) => {
    try {
      parseWindowRule(text);
    } catch (error) {
      if (!(error instanceof WindowRuleError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message });
    }
  })
  .describe(
    "RFC 5545 RRULE properties without DTSTART (`FREQ=WEEKLY;BYDAY=SA`, `FREQ=DAILY;COUNT=5`); at most hourly, read from the whole rule: no MINUTELY/SECONDLY, at most one BYMINUTE and one BYSECOND value, and an hourly rule with BYHOUR needs an INTERVAL coprime with 24. A rule that costs more than its compute budget to evaluate (one that never or very rarely matches) is refused. Each occurrence starts at the wall-clock time of `starts_at` in `time_zone` and lasts the wall-clock length of the first (`ends_at` − `starts_at`), across daylight-saving changes; UNTIL is read as that zone's wall-clock time. A start that falls in a spring-forward gap moves forward by the gap.",
  );

const timeZone = z
  .string()
  .max(64)
  .refine(isTimeZone, 'must be an IANA time zone such as Europe/Paris')
  .describe("IANA zone, kept as given; the organization's `timezone` when omitted");

const integrationIds = z
  .array(z.uuid())
  .max(100)
  .describe(
    'The integrations whose alerts the window mutes; empty or omitted: every integration of the organization, and then the window (each occurrence, when recurring) lasts at most 7 days',
  );

export const CreateMaintenanceWindowBody = z
  .object({
    description: nonBlankText().max(2000),
    integration_ids: integrationIds.optional(),
    starts_at: dateTime().describe('Start of the (first) occurrence'),
    ends_at: dateTime().describe('End of the (first) occurrence, exclusive'),
    rrule: rrule.nullable().optional(),
    time_zone: timeZone.optional(),
  })
  .strict();

export const UpdateMaintenanceWindowBody = z
  .object({
    description: nonBlankText().max(2000).optional(),
    integration_ids: integrationIds.optional(),
    starts_at: dateTime().optional(),
    ends_at: dateTime().optional(),
    rrule: rrule.nullable().optional(),
    time_zone: timeZone.optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'At least one field is required' });

export const MaintenanceWindowListQuery = PaginationQuery;

export const MaintenanceWindowSchema = z
  .object({
    id: z.uuid(),
    description: z.string(),
    integration_ids: z.array(z.uuid()).describe('Empty: the whole organization'),
    starts_at: timestamp(),
    ends_at: timestamp(),
    rrule: z.string().nullable(),
    time_zone: z.string(),
    in_effect: z.boolean().describe('Whether alerts received now are muted by it'),
    created_by: z.uuid().nullable(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'MaintenanceWindow' });
export type MaintenanceWindowView = z.output<typeof MaintenanceWindowSchema>;

export const MaintenanceWindowResponse = single(MaintenanceWindowSchema);
export const MaintenanceWindowListResponse = list(MaintenanceWindowSchema);
