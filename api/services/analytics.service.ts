import type { AnalyticsQuery, AnalyticsRow, AnalyticsStore } from '../../shared/db/access/analytics.ts';
import type { AuthContext } from '../auth-context.ts';

export {
  ANALYTICS_GROUP_KEYS,
  ANALYTICS_INTERVALS,
  MAX_ANALYTICS_RANGE_DAYS,
  type AnalyticsGroupKey,
  type AnalyticsInterval,
  type AnalyticsQuery,
} from '../../shared/db/access/analytics.ts';

export type AnalyticsReport = ReturnType<typeof shapeReport>;

function shapeReport(query: AnalyticsQuery, result: AnalyticsRow) {
  return {
    range: { from: query.from.toISOString(), to: query.to.toISOString() },
    timezone: result.timezone,
    interval: query.interval,
    group_by: query.group_by ?? null,
    totals: result.totals,
    groups: result.groups,
    series: result.series.map((bucket) => ({ ...bucket, bucket_start: new Date(bucket.bucket_start).toISOString() })),
  };
}

/** The definition the rollup-backed report must reproduce: every metric from the raw rows (tests compare the two). */
export async function rawAnalyticsReport(store: AnalyticsStore, organizationId: string, query: AnalyticsQuery): Promise<AnalyticsReport> {
  return shapeReport(query, await store.report(organizationId, query, 'raw'));
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/**
 * Incident metrics over a date range, computed by PostgreSQL in two round trips: the rollup's
 * pending days are recomputed (usually none or today's), then one statement reads it and the raw
 * rows around it.
 */
export function createAnalyticsService(deps: { analytics: () => AnalyticsStore }) {
  return {
    async report(auth: AuthContext, query: AnalyticsQuery): Promise<AnalyticsReport> {
      const store = deps.analytics();
      await store.refreshRollup(auth.organizationId);
      return shapeReport(query, await store.report(auth.organizationId, query, 'rollup'));
    },
  };
}
