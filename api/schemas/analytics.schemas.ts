import { z } from 'zod';
import { PLATFORMS, SEVERITIES } from '../../shared/domain/alert.ts';
import { ANALYTICS_GROUP_KEYS, ANALYTICS_INTERVALS, MAX_ANALYTICS_RANGE_DAYS } from '../services/analytics.service.ts';
import { single, timestamp } from './common.ts';

const dateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export const AnalyticsQuery = z
  .object({
    from: dateOrDateTime
      .optional()
      .describe('Start of the range, inclusive: an ISO date (midnight UTC) or date-time. Default: 30 days before `to`'),
    to: dateOrDateTime.optional().describe('End of the range, exclusive. Default: now'),
    group_by: z
      .enum(ANALYTICS_GROUP_KEYS)
      .optional()
      .describe(
        'Also report the metrics per value of this attribute (`groups`); alerts count by their incident’s assignee, status and priority. Grouping by `priority` reads every incident of the range (not the daily rollup), so it is slower over long ranges',
      ),
    interval: z
      .enum(ANALYTICS_INTERVALS)
      .default('day')
      .describe("Width of the `series` buckets, aligned in the organization's `timezone` setting"),
    severity: z.enum(SEVERITIES).optional(),
    source: z
      .enum([...PLATFORMS, 'manual'])
      .optional()
      .describe('The platform an incident came from, or `manual`'),
    integration_id: z.uuid().optional(),
  })
  .transform((query, ctx) => {
    const to = query.to ? new Date(query.to) : new Date();
    const from = query.from ? new Date(query.from) : new Date(to.getTime() - 30 * 86_400_000);
    if (from >= to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'must be before `to`' });
    if (to.getTime() - from.getTime() > MAX_ANALYTICS_RANGE_DAYS * 86_400_000) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `the range may span at most ${MAX_ANALYTICS_RANGE_DAYS} days` });
    }
    return { ...query, from, to };
  });

const seconds = z.number().nullable();
const MetricsSchema = z.object({
  incidents_created: z.number().int().describe('Incidents created in the range (or bucket)'),
  incidents_resolved: z.number().int().describe('Incidents resolved in the range (or bucket), whenever created'),
  open_at_end: z.number().int().describe('Incidents not resolved at the end of the range (or bucket)'),
  mtta_seconds: seconds.describe('Mean time from creation to the first status change out of `active` or the first assignment'),
  mttm_seconds: seconds.describe('Mean time from creation to `mitigated`'),
  mttr_seconds: seconds.describe('Mean time from creation to `resolved`'),
  p50_ttr_seconds: seconds,
  p90_ttr_seconds: seconds,
  alerts_received: z.number().int(),
});

const example = {
  range: { from: '2026-11-01T00:00:00.000Z', to: '2026-11-03T00:00:00.000Z' },
  timezone: 'Europe/Paris',
  interval: 'day',
  group_by: 'severity',
  totals: {
    incidents_created: 3,
    incidents_resolved: 2,
    open_at_end: 1,
    mtta_seconds: 240,
    mttm_seconds: 900,
    mttr_seconds: 3000,
    p50_ttr_seconds: 3000,
    p90_ttr_seconds: 4440,
    alerts_received: 7,
  },
  groups: [
    {
      key: 'critical',
      incidents_created: 1,
      incidents_resolved: 1,
      open_at_end: 0,
      mtta_seconds: 120,
      mttm_seconds: 900,
      mttr_seconds: 1200,
      p50_ttr_seconds: 1200,
      p90_ttr_seconds: 1200,
      alerts_received: 4,
    },
    {
      key: 'high',
      incidents_created: 2,
      incidents_resolved: 1,
      open_at_end: 1,
      mtta_seconds: 300,
      mttm_seconds: null,
      mttr_seconds: 4800,
      p50_ttr_seconds: 4800,
      p90_ttr_seconds: 4800,
      alerts_received: 3,
    },
  ],
  series: [
    {
      bucket_start: '2026-10-31T23:00:00.000Z',
      incidents_created: 2,
      incidents_resolved: 1,
      open_at_end: 1,
      mtta_seconds: 180,
      mttm_seconds: 900,
      mttr_seconds: 1200,
      p50_ttr_seconds: 1200,
      p90_ttr_seconds: 1200,
      alerts_received: 5,
    },
    {
      bucket_start: '2026-11-01T23:00:00.000Z',
      incidents_created: 1,
      incidents_resolved: 1,
      open_at_end: 1,
      mtta_seconds: 360,
      mttm_seconds: null,
      mttr_seconds: 4800,
      p50_ttr_seconds: 4800,
      p90_ttr_seconds: 4800,
      alerts_received: 2,
    },
  ],
};

export const AnalyticsSchema = z
  .object({
    range: z.object({ from: timestamp(), to: timestamp() }),
    timezone: z.string().describe("The organization's `timezone` setting, in which buckets are aligned"),
    interval: z.enum(ANALYTICS_INTERVALS),
    group_by: z.enum(ANALYTICS_GROUP_KEYS).nullable(),
    totals: MetricsSchema,
    groups: z.array(
      MetricsSchema.extend({ key: z.string().nullable().describe("The attribute's value; null: unassigned, no integration") }),
    ),
    series: z.array(
      MetricsSchema.extend({
        bucket_start: timestamp().describe(
          "Local midnight (of the day, Monday or first of the month) in the organization's time zone, as UTC",
        ),
      }),
    ),
  })
  .meta({ id: 'Analytics', examples: [example] });

export const AnalyticsResponse = single(AnalyticsSchema);
