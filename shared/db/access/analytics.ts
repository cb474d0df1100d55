import type { EntityManager } from '@mikro-orm/postgresql';

export const ANALYTICS_GROUP_KEYS = ['severity', 'source', 'integration', 'assignee', 'status', 'priority'] as const;
export const ANALYTICS_INTERVALS = ['day', 'week', 'month'] as const;
/** Two years: a day series stays a few hundred buckets, and the scan stays bounded. */
export const MAX_ANALYTICS_RANGE_DAYS = 731;

export type AnalyticsGroupKey = (typeof ANALYTICS_GROUP_KEYS)[number];
/** Group keys the daily rollup does not keep: a report grouped by one is computed from the raw rows. */
const RAW_ONLY_GROUP_KEYS = ['priority'] as const;
type RawOnlyGroupKey = (typeof RAW_ONLY_GROUP_KEYS)[number];
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

export interface AnalyticsMetrics {
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
  priority: 'i.priority',
};
// Alerts count by their own severity, platform and integration; by their incident's assignee and status.
const ALERT_KEY: Record<AnalyticsGroupKey, string> = {
  severity: 'a.severity',
  source: 'a.platform',
  integration: 'a.integration_id::text',
  assignee: 'ai.assignee_id::text',
  status: 'ai.status',
  priority: 'ai.priority',
};
const FILTER_COLUMNS = {
  severity: { incident: 'i.severity', alert: 'a.severity' },
  source: { incident: 'i.source', alert: 'a.platform' },
  integration_id: { incident: 'i.integration_id', alert: 'a.integration_id' },
} as const;

/** A mean in seconds to the millisecond, null over nothing; the rollup query and the raw one share it. */
const mean = (sum: string, count: string) => `round(${sum} / nullif(${count}, 0), 3)::float8`;

/**
 * The metrics of a set of `inc` rows. Means and percentiles are over the incidents created in the
 * range that reached the state before its end; null when none did. Counts are bigint, hence ::int.
 * Means are exact: durations are numeric (extract's microseconds), summed and divided once, so a
 * sum of partial sums (the rollup's) gives the very same digits.
 * All of it is hashable, so one pass of a hash aggregate serves every grouping set: the TTR
 * percentiles (ordered-set aggregates, which would force sorting all the rows by each grouping set
 * in turn) are taken afterwards from each group's array of TTRs.
 */
const METRICS = `count(*) filter (where created_in)::int as incidents_created,
  count(*) filter (where resolved_in)::int as incidents_resolved,
  count(*) filter (where open_end)::int as open_at_end,
  ${mean('sum(tta) filter (where created_in)', 'count(tta) filter (where created_in)')} as mtta_seconds,
  ${mean('sum(ttm) filter (where created_in)', 'count(ttm) filter (where created_in)')} as mttm_seconds,
  ${mean('sum(ttr) filter (where created_in)', 'count(ttr) filter (where created_in)')} as mttr_seconds,
  array_agg(ttr::float8) filter (where created_in and ttr is not null) as ttrs`;
// p50 and p90 share one sort. Resolved-bucket rows need only their count: their TTRs are not sorted.
const PERCENTILES = `(select array[percentile_cont(0.5) within group (order by x), percentile_cont(0.9) within group (order by x)]
  from unnest(case when kind <> 'resolved' then ttrs end) as x)`;

/**
 * The definition of the metrics, from the raw rows (rawAnalyticsReport; requests read
 * rollupAnalyticsSql, which must give the same answer, and the tests compare the two). One
 * statement, one pass over each table. `inc` reads, by an index-only scan of incidents_analytics_index, every incident that matters for the range: created before its end and
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
function rawAnalyticsSql(organizationId: string, query: AnalyticsQuery): { sql: string; params: unknown[] } {
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
        case when least(i.acknowledged_at, i.first_assigned_at) < p.t then extract(epoch from least(i.acknowledged_at, i.first_assigned_at) - i.created_at) end as tta,
        case when i.mitigated_at < p.t then extract(epoch from i.mitigated_at - i.created_at) end as ttm,
        case when i.resolved_at < p.t then extract(epoch from i.resolved_at - i.created_at) end as ttr
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
  const al =
    groupBy === 'assignee' || groupBy === 'status' || groupBy === 'priority'
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

/** Rollup columns by group key and filter; the rollup keeps each incident's and each alert's own values in the same columns. */
const ROLLUP_KEY: Record<Exclude<AnalyticsGroupKey, RawOnlyGroupKey>, string> = {
  severity: 'r.severity',
  source: 'r.source',
  integration: 'r.integration_id::text',
  assignee: 'r.assignee_id::text',
  status: 'r.status',
};
const ROLLUP_FILTER = { severity: 'r.severity', source: 'r.source', integration_id: 'r.integration_id' } as const;

/**
 * The same answer as rawAnalyticsSql, from the daily rollup (migration 20261201020000) where it
 * may be used and from the raw rows elsewhere. A local day is read from the rollup when it lies
 * whole in the range, the rollup is built in the organization's current time zone, no change to
 * it is pending (`analytics_dirty_dates`) and none of its incidents was acknowledged, assigned,
 * mitigated or resolved at or after the end of the range (the rollup counts those; the range must
 * not). The rest of the range (its partial first and last days, today among them, and the days
 * just excluded) is a handful of windows read raw from the same indexes as before, and incidents
 * open at the end are counted from the open-incident and resolution indexes. Every part yields
 * partial counts, exact numeric sums and the TTR values; one aggregate by grouping sets adds them
 * up, and the open count of each bucket follows from the range's totals (open at the end minus
 * created plus resolved is open at the start).
 */
function rollupAnalyticsSql(organizationId: string, query: AnalyticsQuery): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const bind = (value: unknown, type = '') => {
    params.push(value);
    return `?${type}`;
  };
  const org = () => bind(organizationId);
  const from = () => bind(query.from, '::timestamptz');
  const to = () => bind(query.to, '::timestamptz');
  const filters = (columns: Record<keyof typeof FILTER_COLUMNS, string>) =>
    (Object.keys(FILTER_COLUMNS) as Array<keyof typeof FILTER_COLUMNS>)
      .filter((name) => query[name] !== undefined)
      .map((name) => `and ${columns[name]} = ${bind(query[name])}`)
      .join(' ');
  const incidentFilters = () =>
    filters({
      severity: FILTER_COLUMNS.severity.incident,
      source: FILTER_COLUMNS.source.incident,
      integration_id: FILTER_COLUMNS.integration_id.incident,
    });
  const groupBy = query.group_by;
  const incidentKey = groupBy ? INCIDENT_KEY[groupBy] : 'null::text';
  const alertJoin =
    groupBy === 'assignee' || groupBy === 'status'
      ? 'left join incidents ai on ai.id = a.incident_id and ai.organization_id = a.organization_id'
      : '';
  const sets = groupBy ? '(), (key), (bucket)' : '(), (bucket)';
  const kind = `case ${groupBy ? "when grouping(key) = 0 then 'key' " : ''}when grouping(bucket) = 0 then 'bucket' else 'total' end`;
  const sql = `with p as (
      select ${from()} as f, ${to()} as t, ${bind(query.interval, '::text')} as iv,
        coalesce((select o.settings->>'timezone' from organizations o where o.id = ${org()}), 'UTC') as tz
    ),
    buckets as materialized (
      select row_number() over (order by l)::int as n, l at time zone p.tz as start
      from p, generate_series(date_trunc(p.iv, p.f at time zone p.tz), (p.t at time zone p.tz) - interval '1 microsecond', ('1 ' || p.iv)::interval) as l
    ),
    starts as (select array_agg(start order by n) as a from buckets),
    days as materialized (
      select d.day, d.lo, d.hi
      from p, lateral (
        select g::date as day, g::date::timestamp at time zone p.tz as lo, (g::date + 1)::timestamp at time zone p.tz as hi
        from generate_series((p.f at time zone p.tz)::date, (p.t at time zone p.tz)::date, interval '1 day') as g
      ) d
      where d.lo >= p.f and d.hi <= p.t and exists (select 1 from analytics_rollup_state s where s.organization_id = ${org()} and s.timezone = p.tz)
    ),
    late as materialized (
      select i.created_at from incidents i
      where i.organization_id = ${org()} and greatest(i.acknowledged_at, i.first_assigned_at, i.mitigated_at, i.resolved_at) >= ${to()}
        and i.created_at >= ${from()} and i.created_at < ${to()}
    ),
    dirty as materialized (select distinct d.date from analytics_dirty_dates d where d.organization_id = ${org()}),
    rolled as materialized (
      select d.day, d.lo, d.hi from days d
      where not exists (select 1 from late where late.created_at >= d.lo and late.created_at < d.hi)
        and not exists (select 1 from dirty where d.lo < (dirty.date + 1)::timestamp at time zone 'UTC' and d.hi > dirty.date::timestamp at time zone 'UTC')
    ),
    raw as materialized (
      select w.lo, w.hi from (
        select coalesce(lag(r.hi) over (order by r.lo), p.f) as lo, r.lo as hi from rolled r, p
        union all
        select coalesce((select max(hi) from rolled), p.f), p.t from p
      ) w where w.lo < w.hi
    ),
    roll as materialized (
      select ${groupBy ? ROLLUP_KEY[groupBy as keyof typeof ROLLUP_KEY] : 'null::text'} as key, width_bucket(d.lo, starts.a) as bucket,
        r.created, r.resolved, r.tta_sum, r.tta_n, r.ttm_sum, r.ttm_n, r.ttr_sum, r.ttr_n, r.ttrs, r.alerts
      from rolled d join analytics_daily_rollups r on r.organization_id = ${org()} and r.day = d.day cross join starts
      where true ${filters(ROLLUP_FILTER)}
    ),
    inc as materialized (
      select ${incidentKey} as key, width_bucket(i.created_at, starts.a) as bucket,
        case when least(i.acknowledged_at, i.first_assigned_at) < p.t then extract(epoch from least(i.acknowledged_at, i.first_assigned_at) - i.created_at) end as tta,
        case when i.mitigated_at < p.t then extract(epoch from i.mitigated_at - i.created_at) end as ttm,
        case when i.resolved_at < p.t then extract(epoch from i.resolved_at - i.created_at) end as ttr
      from raw w join incidents i on i.organization_id = ${org()} and i.created_at >= w.lo and i.created_at < w.hi cross join p cross join starts
      where true ${incidentFilters()}
    ),
    parts as (
      select key, bucket, created, resolved, tta_sum, tta_n, ttm_sum, ttm_n, ttr_sum, ttr_n, alerts from roll
      union all
      select key, bucket, 1, 0, coalesce(tta, 0), (tta is not null)::int, coalesce(ttm, 0), (ttm is not null)::int, coalesce(ttr, 0), (ttr is not null)::int, 0 from inc
      union all
      select ${incidentKey}, width_bucket(i.resolved_at, starts.a), 0, 1, 0, 0, 0, 0, 0, 0, 0
      from raw w join incidents i on i.organization_id = ${org()} and i.resolved_at >= w.lo and i.resolved_at < w.hi cross join starts
      where true ${incidentFilters()}
      union all
      select ${groupBy ? ALERT_KEY[groupBy] : 'null::text'}, width_bucket(a.received_at, starts.a), 0, 0, 0, 0, 0, 0, 0, 0, 1
      from raw w join alerts a on a.organization_id = ${org()} and a.received_at >= w.lo and a.received_at < w.hi ${alertJoin} cross join starts
      where true ${filters({ severity: FILTER_COLUMNS.severity.alert, source: FILTER_COLUMNS.source.alert, integration_id: FILTER_COLUMNS.integration_id.alert })}
    ),
    m as materialized (
      select ${kind} as kind, ${groupBy ? 'key' : 'null::text as key'}, bucket,
        coalesce(sum(created), 0)::int as incidents_created, coalesce(sum(resolved), 0)::int as incidents_resolved,
        ${mean('sum(tta_sum)', 'sum(tta_n)')} as mtta_seconds, ${mean('sum(ttm_sum)', 'sum(ttm_n)')} as mttm_seconds, ${mean('sum(ttr_sum)', 'sum(ttr_n)')} as mttr_seconds,
        coalesce(sum(alerts), 0)::int as alerts_received
      from parts group by grouping sets (${sets})
    ),
    ttr as (
      select key, bucket, unnest(ttrs) as x from roll
      union all
      select key, bucket, ttr::float8 from inc where ttr is not null
    ),
    pct as materialized (
      select ${kind} as kind, ${groupBy ? 'key' : 'null::text as key'}, bucket, percentile_cont(array[0.5, 0.9]) within group (order by x) as ps
      from ttr group by grouping sets (${sets})
    ),
    open_end as materialized (
      select ${groupBy ? "case when grouping(key) = 0 then 'key' else 'total' end" : "'total'"} as kind, ${groupBy ? 'key' : 'null::text as key'}, count(*)::int as n from (
        select ${incidentKey} as key from incidents i
        where i.organization_id = ${org()} and i.resolved_at is null and i.created_at < ${to()} ${incidentFilters()}
        union all
        select ${incidentKey} from incidents i
        where i.organization_id = ${org()} and i.resolved_at >= ${to()} and i.created_at < ${to()} ${incidentFilters()}
      ) o group by grouping sets (()${groupBy ? ', (key)' : ''})
    ),
    totals as (
      select m.incidents_created, m.incidents_resolved, coalesce((select n from open_end where kind = 'total'), 0) as open_at_end,
        m.mtta_seconds, m.mttm_seconds, m.mttr_seconds, pc.ps[1] as p50_ttr_seconds, pc.ps[2] as p90_ttr_seconds, m.alerts_received
      from m left join pct pc on pc.kind = 'total' where m.kind = 'total'
    ),
    series as (
      select b.start as bucket_start,
        coalesce(c.incidents_created, 0) as incidents_created,
        coalesce(c.incidents_resolved, 0) as incidents_resolved,
        ((select open_at_end - incidents_created + incidents_resolved from totals)
          + sum(coalesce(c.incidents_created, 0) - coalesce(c.incidents_resolved, 0)) over (order by b.n))::int as open_at_end,
        c.mtta_seconds, c.mttm_seconds, c.mttr_seconds, pc.ps[1] as p50_ttr_seconds, pc.ps[2] as p90_ttr_seconds,
        coalesce(c.alerts_received, 0) as alerts_received
      from buckets b
      left join m c on c.kind = 'bucket' and c.bucket = b.n
      left join pct pc on pc.kind = 'bucket' and pc.bucket = b.n
    )
    select (select tz from p) as timezone,
      (select row_to_json(t) from totals t) as totals,
      ${
        groupBy
          ? `(select coalesce(json_agg(g order by g.incidents_created desc, g.alerts_received desc, g.key nulls last), '[]'::json) from (
        select k.key, coalesce(m.incidents_created, 0) as incidents_created, coalesce(m.incidents_resolved, 0) as incidents_resolved,
          coalesce(o.n, 0) as open_at_end, m.mtta_seconds, m.mttm_seconds, m.mttr_seconds, pc.ps[1] as p50_ttr_seconds, pc.ps[2] as p90_ttr_seconds,
          coalesce(m.alerts_received, 0) as alerts_received
        from (select key from m where kind = 'key' union select key from open_end where kind = 'key') k
        left join m on m.kind = 'key' and m.key is not distinct from k.key
        left join open_end o on o.kind = 'key' and o.key is not distinct from k.key
        left join pct pc on pc.kind = 'key' and pc.key is not distinct from k.key) g)`
          : `'[]'::json`
      } as groups,
      (select coalesce(json_agg(s order by s.bucket_start), '[]'::json) from series s) as series`;
  return { sql, params };
}

/** One report as PostgreSQL computes it: totals, groups and series of the metrics, in the organization's time zone. */
export interface AnalyticsRow {
  timezone: string;
  totals: AnalyticsMetrics;
  groups: Array<AnalyticsMetrics & { key: string | null }>;
  series: Array<AnalyticsMetrics & { bucket_start: string }>;
}

/** Recomputes the rollup's pending days of the organization (usually none or today's). */
export async function refreshAnalyticsRollup(em: EntityManager, organizationId: string): Promise<void> {
  await em.execute('select analytics_rollup_refresh(?)', [organizationId]);
}

/**
 * The report in one statement: from the daily rollup and the raw rows around it (`rollup`), or
 * from the raw rows only (`raw`, the definition the rollup must reproduce).
 */
export async function analyticsRow(
  em: EntityManager,
  organizationId: string,
  query: AnalyticsQuery,
  source: 'rollup' | 'raw',
): Promise<AnalyticsRow> {
  // The daily rollup has no priority column: grouping by priority reads the raw rows.
  const raw = source === 'raw' || (RAW_ONLY_GROUP_KEYS as readonly string[]).includes(query.group_by ?? '');
  const { sql, params } = raw ? rawAnalyticsSql(organizationId, query) : rollupAnalyticsSql(organizationId, query);
  const [row] = await em.execute<AnalyticsRow[]>(sql, params);
  return row as AnalyticsRow;
}

/** Every read is confined to the organization given (its incidents, its rollup). */
export interface AnalyticsStore {
  /** See refreshAnalyticsRollup. */
  refreshRollup(organizationId: string): Promise<void>;
  /** See analyticsRow. */
  report(organizationId: string, query: AnalyticsQuery, source: 'rollup' | 'raw'): Promise<AnalyticsRow>;
}

export function createAnalyticsStore(em: EntityManager): AnalyticsStore {
  return {
    refreshRollup: (organizationId) => refreshAnalyticsRollup(em, organizationId),
    report: (organizationId, query, source) => analyticsRow(em, organizationId, query, source),
  };
}
