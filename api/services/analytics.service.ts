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
 * All of it is hashable, so one pass of a hash aggregate serves every grouping set: the TTR
 * percentiles (ordered-set aggregates, which would force sorting all the rows by each grouping set
 * in turn) are taken afterwards from each group's array of TTRs.
 */
const METRICS = `count(*) filter (where created_in)::int as incidents_created,
  count(*) filter (where resolved_in)::int as incidents_resolved,
  count(*) filter (where open_end)::int as open_at_end,
  round(avg(tta) filter (where created_in)::numeric, 3)::float8 as mtta_seconds,
  round(avg(ttm) filter (where created_in)::numeric, 3)::float8 as mttm_seconds,
  round(avg(ttr) filter (where created_in)::numeric, 3)::float8 as mttr_seconds,
  array_agg(ttr) filter (where created_in and ttr is not null) as ttrs`;
// p50 and p90 share one sort. Resolved-bucket rows need only their count: their TTRs are not sorted.
const PERCENTILES = `(select array[percentile_cont(0.5) within group (order by x), percentile_cont(0.9) within group (order by x)]
  from unnest(case when kind <> 'resolved' then ttrs end) as x)`;

/**
 * One statement per request, one pass over each table. `inc` reads, by an index-only scan of
 * incidents_analytics_index, every incident that matters for the range: created before its end and
 * not resolved before its start (created in it, resolved in it, or open at its end). One aggregate
 * over it, by grouping sets, gives the totals, each group and each bucket's created and resolved
 * counts. Alerts are counted bucket by bucket from alerts_organization_received_index. Open
 * incidents at the end of each bucket follow from those open at the start plus created minus
 * resolved per bucket, since an incident is resolved after it is created. Buckets are local
 * midnights in the organization's time zone, walked as local timestamps so days across a DST change
 * stay whole days; rows are placed in them by comparing instants (width_bucket, a binary search over
 * the instants the buckets start at, which the series reports), not by converting each row's
 * timestamp to local time.
 */
function analyticsSql(organizationId: string, query: AnalyticsQuery): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  // Values are bound in the statement's text order; the range is bound where it is compared, not
  // read from a CTE, so the planner sees it and picks the index-only scans.
  const bind = (value: unknown, type = '') => {
    params.push(value);
    return `?${type}`;
  };
  const filters = (side: 'incident' | 'alert') =>
    (Object.entries(FILTER_COLUMNS) as Array<[keyof typeof FILTER_COLUMNS, (typeof FILTER_COLUMNS)[keyof typeof FILTER_COLUMNS]]>)
      .filter(([name]) => query[name] !== undefined)
      .map(([name, columns]) => `and ${columns[side]} = ${bind(query[name])}`)
      .join(' ');
  const groupBy = query.group_by;
  // Which grouping set an aggregate row belongs to: the totals, a group, a created or a resolved bucket.
  const kind = `case ${groupBy ? "when grouping(key) = 0 then 'key' " : ''}when grouping(created_bucket) = 0 then 'created' when grouping(resolved_bucket) = 0 then 'resolved' else 'total' end`;
  const groups = groupBy
    ? `(select coalesce(json_agg(g order by g.incidents_created desc, g.alerts_received desc, g.key nulls last), '[]'::json) from (
        select k.key, coalesce(m.incidents_created, 0) as incidents_created, coalesce(m.incidents_resolved, 0) as incidents_resolved,
          coalesce(m.open_at_end, 0) as open_at_end, m.mtta_seconds, m.mttm_seconds, m.mttr_seconds, m.p50_ttr_seconds, m.p90_ttr_seconds,
          coalesce(ga.n, 0) as alerts_received
        -- A handful of keys, null among them: a full join cannot match on "is not distinct from".
        from (select key from m where kind = 'key' union select key from al) k
        left join m on m.kind = 'key' and m.key is not distinct from k.key
        left join (select key, sum(n)::int as n from al group by key) ga on ga.key is not distinct from k.key) g)`
    : `'[]'::json`;
  const range = `with p as (
      select ${bind(query.from, '::timestamptz')} as f, ${bind(query.to, '::timestamptz')} as t, ${bind(query.interval, '::text')} as iv,
        coalesce((select o.settings->>'timezone' from organizations o where o.id = ${bind(organizationId)}), 'UTC') as tz
    ),
    buckets as materialized (
      select row_number() over (order by l)::int as n, l at time zone p.tz as start
      from p, generate_series(date_trunc(p.iv, p.f at time zone p.tz), (p.t at time zone p.tz) - interval '1 microsecond', ('1 ' || p.iv)::interval) as l
    ),
    starts as (select array_agg(start order by n) as a from buckets),`;
  const inc = `inc as (
      select ${groupBy ? INCIDENT_KEY[groupBy] : 'null::text'} as key,
        i.created_at >= p.f as created_in,
        coalesce(i.resolved_at >= p.f and i.resolved_at < p.t, false) as resolved_in,
        (i.resolved_at is null or i.resolved_at >= p.t) as open_end,
        case when i.created_at >= p.f then width_bucket(i.created_at, starts.a) end as created_bucket,
        case when i.resolved_at >= p.f and i.resolved_at < p.t then width_bucket(i.resolved_at, starts.a) end as resolved_bucket,
        case when least(i.acknowledged_at, i.first_assigned_at) < p.t then extract(epoch from least(i.acknowledged_at, i.first_assigned_at) - i.created_at)::float8 end as tta,
        case when i.mitigated_at < p.t then extract(epoch from i.mitigated_at - i.created_at)::float8 end as ttm,
        case when i.resolved_at < p.t then extract(epoch from i.resolved_at - i.created_at)::float8 end as ttr
      from incidents i, p, starts
      where i.organization_id = ${bind(organizationId)} and i.created_at < ${bind(query.to, '::timestamptz')}
        and (i.resolved_at is null or i.resolved_at >= ${bind(query.from, '::timestamptz')}) ${filters('incident')}
      -- A fence: without it the planner takes created_at's statistics for one bucket per incident,
      -- prices each group's TTR array at 8 kB and sorts the rows for each grouping set instead of hashing.
      offset 0
    ),
    m as materialized (
      select kind, key, created_bucket, resolved_bucket, open_at_start, incidents_created, incidents_resolved, open_at_end,
        mtta_seconds, mttm_seconds, mttr_seconds, ps[1] as p50_ttr_seconds, ps[2] as p90_ttr_seconds
      from (
        select ${kind} as kind, ${groupBy ? 'key' : 'null::text as key'}, created_bucket, resolved_bucket,
          count(*) filter (where not created_in)::int as open_at_start, ${METRICS}
        from inc
        group by grouping sets ((), ${groupBy ? '(key), ' : ''}(created_bucket), (resolved_bucket))
      ) c, lateral ${PERCENTILES} as ps(ps)
    ),`;
  // Alerts keyed by their incident need a join: done once over the range. By assignee, only assigned
  // incidents go into the join's hash (an unassigned or missing one both give the null key). Otherwise
  // each bucket counts its own slice of the index, with no per-row bucket computation.
  const al = groupBy === 'assignee' || groupBy === 'status'
    ? `al as materialized (
      select width_bucket(a.received_at, starts.a) as bucket, ${ALERT_KEY[groupBy]} as key, count(*)::int as n
      from starts, alerts a left join incidents ai on ai.id = a.incident_id and ai.organization_id = a.organization_id ${groupBy === 'assignee' ? 'and ai.assignee_id is not null' : ''}
      where a.organization_id = ${bind(organizationId)} and a.received_at >= ${bind(query.from, '::timestamptz')} and a.received_at < ${bind(query.to, '::timestamptz')} ${filters('alert')}
      group by 1, 2
    ),`
    : `al as materialized (
      select b.n as bucket, c.key, c.n
      from p, (select n, start, coalesce(lead(start) over (order by n), (select t from p)) as next from buckets) b,
      lateral (
        select ${groupBy ? ALERT_KEY[groupBy] : 'null::text'} as key, count(*)::int as n
        from alerts a
        where a.organization_id = ${bind(organizationId)} and a.received_at >= greatest(b.start, p.f) and a.received_at < b.next ${filters('alert')}
        group by 1
      ) c
    ),`;
  const sql = `${range}
    ${inc}
    ${al}
    series as (
      select buckets.start as bucket_start,
        coalesce(c.incidents_created, 0) as incidents_created,
        coalesce(r.incidents_resolved, 0) as incidents_resolved,
        ((select open_at_start from m where kind = 'total')
          + sum(coalesce(c.incidents_created, 0) - coalesce(r.incidents_resolved, 0)) over (order by buckets.n))::int as open_at_end,
        c.mtta_seconds, c.mttm_seconds, c.mttr_seconds, c.p50_ttr_seconds, c.p90_ttr_seconds,
        coalesce((select sum(al.n) from al where al.bucket = buckets.n), 0)::int as alerts_received
      from buckets
      left join m c on c.kind = 'created' and c.created_bucket = buckets.n
      left join m r on r.kind = 'resolved' and r.resolved_bucket = buckets.n
    )
    select (select tz from p) as timezone,
      (select row_to_json(t) from (
        select incidents_created, incidents_resolved, open_at_end, mtta_seconds, mttm_seconds, mttr_seconds, p50_ttr_seconds, p90_ttr_seconds,
          (select coalesce(sum(n), 0)::int from al) as alerts_received
        from m where kind = 'total') t) as totals,
      ${groups} as groups,
      (select coalesce(json_agg(s order by s.bucket_start), '[]'::json) from series s) as series`;
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
