import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../auth-context.ts';

export const ANALYTICS_GROUP_KEYS = ['severity', 'source', 'integration', 'assignee', 'status'] as const;
export const ANALYTICS_INTERVALS = ['day', 'week', 'month'] as const;
/** Two years: a day series stays a few hundred buckets, and the scan stays bounded. */
export const MAX_ANALYTICS_RANGE_DAYS = 731;

export type AnalyticsGroupKey = (typeof ANALYTICS_GROUP_KEYS)[number];
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];

export interface AnalyticsQuery {
  from: Date;
  to: Date;
  group_by?: AnalyticsGroupKey;
  interval: AnalyticsInterval;
  severity?: string;
  source?: string;
  integration_id?: string;
}

interface Metrics {
  incidents_created: number;
  incidents_resolved: number;
  open_at_end: number;
  mtta_seconds: number | null;
  mttm_seconds: number | null;
  mttr_seconds: number | null;
  p50_ttr_seconds: number | null;
  p90_ttr_seconds: number | null;
  alerts_received: number;
}

// Group keys are column expressions chosen from this table, never text from the request.
const INCIDENT_KEY: Record<AnalyticsGroupKey, string> = {
  severity: 'i.severity',
  source: 'i.source',
  integration: 'i.integration_id::text',
  assignee: 'i.assignee_id::text',
  status: 'i.status',
};
// Alerts count by their own severity, platform and integration; by their incident's assignee and status.
const ALERT_KEY: Record<AnalyticsGroupKey, string> = {
  severity: 'a.severity',
  source: 'a.platform',
  integration: 'a.integration_id::text',
  assignee: 'ai.assignee_id::text',
  status: 'ai.status',
};
const FILTER_COLUMNS = {
  severity: { incident: 'i.severity', alert: 'a.severity' },
  source: { incident: 'i.source', alert: 'a.platform' },
  integration_id: { incident: 'i.integration_id', alert: 'a.integration_id' },
} as const;

/**
 * The metrics of a set of `inc` rows. Means and percentiles are over the incidents created in the
 * range that reached the state before its end; null when none did. Counts are bigint, hence ::int.
 */
const METRICS = `count(*) filter (where created_in)::int as incidents_created,
  count(*) filter (where resolved_in)::int as incidents_resolved,
  count(*) filter (where open_end)::int as open_at_end,
  round(avg(tta) filter (where created_in)::numeric, 3)::float8 as mtta_seconds,
  round(avg(ttm) filter (where created_in)::numeric, 3)::float8 as mttm_seconds,
  round(avg(ttr) filter (where created_in)::numeric, 3)::float8 as mttr_seconds,
  percentile_cont(0.5) within group (order by ttr) filter (where created_in) as p50_ttr_seconds,
  percentile_cont(0.9) within group (order by ttr) filter (where created_in) as p90_ttr_seconds`;

/**
 * One statement per request. `inc` holds, once, every incident that matters for the range: created
 * before its end and not resolved before its start (created in it, resolved in it, or open at its
 * end), read by an index-only scan of incidents_analytics_index. Open incidents at the end of each
 * bucket follow from those open at the start plus created minus resolved per bucket, since an
 * incident is resolved after it is created. Buckets are local midnights in the organization's time
 * zone, walked as local timestamps so days across a DST change stay whole days.
 */
function analyticsSql(organizationId: string, query: AnalyticsQuery): { sql: string; params: unknown[] } {
  const incidentFilters: string[] = [];
  const alertFilters: string[] = [];
  const filterValues: unknown[] = [];
  for (const [name, columns] of Object.entries(FILTER_COLUMNS) as Array<[keyof typeof FILTER_COLUMNS, (typeof FILTER_COLUMNS)[keyof typeof FILTER_COLUMNS]]>) {
    const value = query[name];
    if (value === undefined) continue;
    incidentFilters.push(`and ${columns.incident} = ?`);
    alertFilters.push(`and ${columns.alert} = ?`);
    filterValues.push(value);
  }
  const groupBy = query.group_by;
  const alertJoin = groupBy === 'assignee' || groupBy === 'status' ? 'left join incidents ai on ai.id = a.incident_id and ai.organization_id = a.organization_id' : '';
  const groups = groupBy
    ? `(select coalesce(json_agg(g order by g.incidents_created desc, g.alerts_received desc, g.key nulls last), '[]'::json) from (
        select k.key, coalesce(m.incidents_created, 0) as incidents_created, coalesce(m.incidents_resolved, 0) as incidents_resolved,
          coalesce(m.open_at_end, 0) as open_at_end, m.mtta_seconds, m.mttm_seconds, m.mttr_seconds, m.p50_ttr_seconds, m.p90_ttr_seconds,
          coalesce(ga.n, 0) as alerts_received
        -- A handful of keys, null among them: a full join cannot match on "is not distinct from".
        from (select key from inc union select key from al) k
        left join (select key, ${METRICS} from inc group by key) m on m.key is not distinct from k.key
        left join (select key, count(*)::int as n from al group by key) ga on ga.key is not distinct from k.key) g)`
    : `'[]'::json`;
  const sql = `with p as (
      select ?::timestamptz as f, ?::timestamptz as t, ?::text as iv,
        coalesce((select o.settings->>'timezone' from organizations o where o.id = ?), 'UTC') as tz
    ),
    inc as materialized (
      select ${groupBy ? INCIDENT_KEY[groupBy] : 'null::text'} as key,
        i.created_at >= p.f as created_in,
        coalesce(i.resolved_at >= p.f and i.resolved_at < p.t, false) as resolved_in,
        (i.resolved_at is null or i.resolved_at >= p.t) as open_end,
        date_trunc(p.iv, i.created_at at time zone p.tz) as created_bucket,
        date_trunc(p.iv, i.resolved_at at time zone p.tz) as resolved_bucket,
        case when least(i.acknowledged_at, i.first_assigned_at) < p.t then extract(epoch from least(i.acknowledged_at, i.first_assigned_at) - i.created_at)::float8 end as tta,
        case when i.mitigated_at < p.t then extract(epoch from i.mitigated_at - i.created_at)::float8 end as ttm,
        case when i.resolved_at < p.t then extract(epoch from i.resolved_at - i.created_at)::float8 end as ttr
      from incidents i, p
      where i.organization_id = ? and i.created_at < p.t and (i.resolved_at is null or i.resolved_at >= p.f) ${incidentFilters.join(' ')}
    ),
    al as materialized (
      select ${groupBy ? ALERT_KEY[groupBy] : 'null::text'} as key, date_trunc(p.iv, a.received_at at time zone p.tz) as bucket
      from p, alerts a ${alertJoin}
      where a.organization_id = ? and a.received_at >= p.f and a.received_at < p.t ${alertFilters.join(' ')}
    ),
    buckets as (
      select b from p, generate_series(date_trunc(p.iv, p.f at time zone p.tz), (p.t at time zone p.tz) - interval '1 microsecond', ('1 ' || p.iv)::interval) as b
    ),
    created_by as (select created_bucket as b, ${METRICS} from inc where created_in group by created_bucket),
    resolved_by as (select resolved_bucket as b, count(*)::int as n from inc where resolved_in group by resolved_bucket),
    alerts_by as (select bucket as b, count(*)::int as n from al group by bucket),
    series as (
      select (buckets.b at time zone p.tz) as bucket_start,
        coalesce(c.incidents_created, 0) as incidents_created,
        coalesce(r.n, 0) as incidents_resolved,
        ((select count(*) from inc where not created_in) + sum(coalesce(c.incidents_created, 0) - coalesce(r.n, 0)) over (order by buckets.b))::int as open_at_end,
        c.mtta_seconds, c.mttm_seconds, c.mttr_seconds, c.p50_ttr_seconds, c.p90_ttr_seconds,
        coalesce(ab.n, 0) as alerts_received
      from p, buckets
      left join created_by c on c.b = buckets.b
      left join resolved_by r on r.b = buckets.b
      left join alerts_by ab on ab.b = buckets.b
    )
    select (select tz from p) as timezone,
      (select row_to_json(t) from (select ${METRICS}, (select count(*)::int from al) as alerts_received from inc) t) as totals,
      ${groups} as groups,
      (select coalesce(json_agg(s order by s.bucket_start), '[]'::json) from series s) as series`;
  // Raw SQL bypasses the tenant filter: the organization is bound explicitly, in every part.
  const params = [query.from, query.to, query.interval, organizationId, organizationId, ...filterValues, organizationId, ...filterValues];
  return { sql, params };
}

type Row = { timezone: string; totals: Metrics; groups: Array<Metrics & { key: string | null }>; series: Array<Metrics & { bucket_start: string }> };

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/** Incident metrics over a date range, computed by PostgreSQL in one round trip. */
export function createAnalyticsService(deps: { em: () => EntityManager }) {
  return {
    async report(auth: AuthContext, query: AnalyticsQuery) {
      const { sql, params } = analyticsSql(auth.organizationId, query);
      const [row] = await deps.em().execute<Row[]>(sql, params);
      const result = row as Row;
      return {
        range: { from: query.from.toISOString(), to: query.to.toISOString() },
        timezone: result.timezone,
        interval: query.interval,
        group_by: query.group_by ?? null,
        totals: result.totals,
        groups: result.groups,
        series: result.series.map((bucket) => ({ ...bucket, bucket_start: new Date(bucket.bucket_start).toISOString() })),
      };
    },
  };
}
