import { Migration } from '@mikro-orm/migrations';

/**
 * A daily rollup for GET /analytics (api/services/analytics.service.ts), so a long range reads a
 * few thousand rows instead of every incident and alert in it.
 *
 * `analytics_daily_rollups` holds, per organization, local day (in the organization's `timezone`)
 * and combination of severity, source, integration, assignee and status, what that day adds to
 * the metrics: incidents created (with the sums and counts of their times to acknowledge,
 * mitigate and resolve, and their exact times to resolve, for the percentiles), incidents resolved
 * that day, and alerts received that day (keyed by their own severity, platform and integration,
 * and by their incident's assignee and status). `analytics_rollup_compute` is its definition,
 * read from the raw rows.
 *
 * It is kept exact, not fresh: the triggers below note, in the writing transaction, the UTC dates
 * whose rollup a change of incidents or alerts invalidates (an append to `analytics_dirty_dates`,
 * skipped when the date is already noted: no row every writer of an organization would queue
 * on). A query reads a dirty day raw. `analytics_rollup_refresh` (called by the analytics request
 * before its query, at most one at a time per organization) first takes the dirty dates it can
 * see, then recomputes their local days: a change committed meanwhile keeps its date dirty. The
 * rollup remembers the time zone it was built in; after a `timezone` change the next refresh
 * rebuilds it and until then queries read raw. Backfilled here for every organization.
 *
 * Indexes for the raw parts of a query: resolutions by time, open incidents, and incidents by the
 * last of their acknowledgement, assignment, mitigation and resolution (those of a range's days
 * that changed after its end are read raw).
 */
export class Migration20261201020000AnalyticsRollups extends Migration {
  override name = '20261201020000-analytics-rollups';

  override up(): void {
    this.addSql(`create table "analytics_daily_rollups" (
      "organization_id" uuid not null, "day" date not null,
      "severity" text null, "source" text null, "integration_id" uuid null, "assignee_id" uuid null, "status" text null,
      "created" int not null, "resolved" int not null,
      "tta_sum" numeric not null, "tta_n" int not null, "ttm_sum" numeric not null, "ttm_n" int not null, "ttr_sum" numeric not null, "ttr_n" int not null,
      "ttrs" float8[] not null, "alerts" int not null);`);
    this.addSql(`create index "analytics_daily_rollups_organization_day_index" on "analytics_daily_rollups" ("organization_id", "day");`);
    this.addSql(
      `create table "analytics_rollup_state" ("organization_id" uuid not null primary key, "timezone" text not null, "refreshed_at" timestamptz not null);`,
    );
    this.addSql(`create table "analytics_dirty_dates" ("organization_id" uuid not null, "date" date not null);`);
    this.addSql(`create index "analytics_dirty_dates_organization_date_index" on "analytics_dirty_dates" ("organization_id", "date");`);

    this.addSql(`create index "incidents_analytics_resolved_index" on "incidents" ("organization_id", "resolved_at")
      include ("created_at", "severity", "source", "integration_id", "assignee_id", "status") where "resolved_at" is not null;`);
    this.addSql(`create index "incidents_analytics_open_index" on "incidents" ("organization_id", "created_at")
      include ("severity", "source", "integration_id", "assignee_id", "status") where "resolved_at" is null;`);
    this
      .addSql(`create index "incidents_analytics_last_change_index" on "incidents" ("organization_id", (greatest("acknowledged_at", "first_assigned_at", "mitigated_at", "resolved_at")))
      include ("created_at");`);

    // The rollup rows of local days `p_days` (null: every day with data) in time zone p_tz. Each
    // day is the window [its local midnight, the next one); rows are placed by window, never by
    // converting their timestamps, as GET /analytics places them in buckets.
    this.addSql(`create function analytics_rollup_compute(p_org uuid, p_tz text, p_days date[])
      returns setof analytics_daily_rollups language sql stable as $$
      with bounds as (
        select least((select min(created_at) from incidents where organization_id = p_org), (select min(received_at) from alerts where organization_id = p_org)) as lo,
          greatest((select max(created_at) from incidents where organization_id = p_org), (select max(resolved_at) from incidents where organization_id = p_org and resolved_at is not null),
            (select max(received_at) from alerts where organization_id = p_org)) as hi
        where p_days is null
      ),
      days as (
        select d as day from unnest(p_days) as d
        union
        select g::date from bounds, generate_series((bounds.lo at time zone p_tz)::date, (bounds.hi at time zone p_tz)::date, interval '1 day') as g where bounds.lo is not null
      ),
      w as (select day, day::timestamp at time zone p_tz as lo, (day + 1)::timestamp at time zone p_tz as hi from days),
      c as (
        select w.day, i.severity::text, i.source::text, i.integration_id, i.assignee_id, i.status::text, 1 as created, 0 as resolved,
          extract(epoch from least(i.acknowledged_at, i.first_assigned_at) - i.created_at) as tta,
          extract(epoch from i.mitigated_at - i.created_at) as ttm,
          extract(epoch from i.resolved_at - i.created_at) as ttr, 0 as alerts
        from w join incidents i on i.organization_id = p_org and i.created_at >= w.lo and i.created_at < w.hi
        union all
        select w.day, i.severity, i.source, i.integration_id, i.assignee_id, i.status, 0, 1, null, null, null, 0
        from w join incidents i on i.organization_id = p_org and i.resolved_at >= w.lo and i.resolved_at < w.hi
        union all
        select w.day, a.severity, a.platform, a.integration_id, ai.assignee_id, ai.status, 0, 0, null, null, null, 1
        from w join alerts a on a.organization_id = p_org and a.received_at >= w.lo and a.received_at < w.hi
          left join incidents ai on ai.id = a.incident_id and ai.organization_id = a.organization_id
      )
      select p_org, day, severity, source, integration_id, assignee_id, status, sum(created)::int, sum(resolved)::int,
        coalesce(sum(tta), 0), count(tta)::int, coalesce(sum(ttm), 0), count(ttm)::int, coalesce(sum(ttr), 0), count(ttr)::int,
        coalesce(array_agg(ttr::float8) filter (where ttr is not null), '{}'), sum(alerts)::int
      from c group by day, severity, source, integration_id, assignee_id, status
      $$;`);

    this.addSql(`create function analytics_rollup_refresh(p_org uuid) returns void language plpgsql as $$
      declare
        v_tz text;
        v_built text;
        v_days date[];
      begin
        -- One refresh per organization at a time; a request that finds one running reads its dirty days raw.
        if not pg_try_advisory_xact_lock(720261201, hashtext(p_org::text)) then return; end if;
        select coalesce(settings->>'timezone', 'UTC') into v_tz from organizations where id = p_org;
        if v_tz is null then return; end if;
        select timezone into v_built from analytics_rollup_state where organization_id = p_org;
        if v_built is distinct from v_tz then
          -- The dates are taken before the rows are read (each statement sees what committed before it).
          delete from analytics_dirty_dates where organization_id = p_org;
          delete from analytics_daily_rollups where organization_id = p_org;
          insert into analytics_daily_rollups select * from analytics_rollup_compute(p_org, v_tz, null);
          insert into analytics_rollup_state (organization_id, timezone, refreshed_at) values (p_org, v_tz, now())
            on conflict (organization_id) do update set timezone = excluded.timezone, refreshed_at = excluded.refreshed_at;
          return;
        end if;
        with taken as (delete from analytics_dirty_dates where organization_id = p_org returning date)
        select array_agg(distinct g::date) into v_days
        from (select distinct date from taken) t,
          generate_series(((t.date::timestamp at time zone 'UTC') at time zone v_tz)::date,
            ((((t.date + 1)::timestamp at time zone 'UTC') - interval '1 microsecond') at time zone v_tz)::date, interval '1 day') as g;
        if v_days is null then return; end if;
        delete from analytics_daily_rollups where organization_id = p_org and day = any(v_days);
        insert into analytics_daily_rollups select * from analytics_rollup_compute(p_org, v_tz, v_days);
        update analytics_rollup_state set refreshed_at = now() where organization_id = p_org;
      end;
      $$;`);

    // What a statement changed, as (organization, UTC date) pairs; each noted once.
    this.addSql(`create function analytics_note_dirty_incidents() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into analytics_dirty_dates (organization_id, date)
          select distinct d.organization_id, d.date from (
            select organization_id, (created_at at time zone 'UTC')::date as date from new_rows
            union all select organization_id, (resolved_at at time zone 'UTC')::date from new_rows where resolved_at is not null
            -- Alerts written before their incident count by its assignee and status from now on.
            union all select a.organization_id, (a.received_at at time zone 'UTC')::date from new_rows n join alerts a on a.incident_id = n.id
          ) d where not exists (select 1 from analytics_dirty_dates x where x.organization_id = d.organization_id and x.date = d.date);
        elsif tg_op = 'DELETE' then
          insert into analytics_dirty_dates (organization_id, date)
          select distinct d.organization_id, d.date from (
            select organization_id, (created_at at time zone 'UTC')::date as date from old_rows
            union all select organization_id, (resolved_at at time zone 'UTC')::date from old_rows where resolved_at is not null
            union all select a.organization_id, (a.received_at at time zone 'UTC')::date from old_rows o join alerts a on a.incident_id = o.id
          ) d where not exists (select 1 from analytics_dirty_dates x where x.organization_id = d.organization_id and x.date = d.date);
        else
          -- Most updates (alert counts, titles, timestamps of other things) change nothing the rollup reads.
          insert into analytics_dirty_dates (organization_id, date)
          select distinct d.organization_id, d.date from (
            select o.organization_id, o.created_at, o.resolved_at, n.organization_id as new_organization_id, n.created_at as new_created_at, n.resolved_at as new_resolved_at, n.id,
              (o.organization_id, o.assignee_id, o.status) is distinct from (n.organization_id, n.assignee_id, n.status) as alert_keys_changed
            from old_rows o join new_rows n on n.id = o.id
            where (o.organization_id, o.created_at, o.acknowledged_at, o.first_assigned_at, o.mitigated_at, o.resolved_at, o.severity, o.source, o.integration_id, o.assignee_id, o.status)
              is distinct from (n.organization_id, n.created_at, n.acknowledged_at, n.first_assigned_at, n.mitigated_at, n.resolved_at, n.severity, n.source, n.integration_id, n.assignee_id, n.status)
          ) c cross join lateral (
            select c.organization_id, (c.created_at at time zone 'UTC')::date as date
            union all select c.organization_id, (c.resolved_at at time zone 'UTC')::date where c.resolved_at is not null
            union all select c.new_organization_id, (c.new_created_at at time zone 'UTC')::date
            union all select c.new_organization_id, (c.new_resolved_at at time zone 'UTC')::date where c.new_resolved_at is not null
            union all select a.organization_id, (a.received_at at time zone 'UTC')::date from alerts a where c.alert_keys_changed and a.incident_id = c.id
          ) d where not exists (select 1 from analytics_dirty_dates x where x.organization_id = d.organization_id and x.date = d.date);
        end if;
        return null;
      end;
      $$;`);
    this.addSql(`create function analytics_note_dirty_alerts() returns trigger language plpgsql as $$
      begin
        -- A statement may name only the transition tables its event has: one branch per event.
        if tg_op = 'INSERT' then
          insert into analytics_dirty_dates (organization_id, date)
          select distinct d.organization_id, d.date from (select organization_id, (received_at at time zone 'UTC')::date as date from new_rows) d
          where not exists (select 1 from analytics_dirty_dates x where x.organization_id = d.organization_id and x.date = d.date);
        elsif tg_op = 'DELETE' then
          insert into analytics_dirty_dates (organization_id, date)
          select distinct d.organization_id, d.date from (select organization_id, (received_at at time zone 'UTC')::date as date from old_rows) d
          where not exists (select 1 from analytics_dirty_dates x where x.organization_id = d.organization_id and x.date = d.date);
        else
          insert into analytics_dirty_dates (organization_id, date)
          select distinct d.organization_id, d.date from old_rows o join new_rows n on n.id = o.id
            cross join lateral (values (o.organization_id, (o.received_at at time zone 'UTC')::date), (n.organization_id, (n.received_at at time zone 'UTC')::date)) as d(organization_id, date)
          where (o.organization_id, o.received_at, o.severity, o.platform, o.integration_id, o.incident_id) is distinct from (n.organization_id, n.received_at, n.severity, n.platform, n.integration_id, n.incident_id)
            and not exists (select 1 from analytics_dirty_dates x where x.organization_id = d.organization_id and x.date = d.date);
        end if;
        return null;
      end;
      $$;`);
    for (const table of ['incidents', 'alerts']) {
      this.addSql(
        `create trigger "${table}_analytics_insert" after insert on "${table}" referencing new table as new_rows for each statement execute function analytics_note_dirty_${table}();`,
      );
      this.addSql(
        `create trigger "${table}_analytics_update" after update on "${table}" referencing old table as old_rows new table as new_rows for each statement execute function analytics_note_dirty_${table}();`,
      );
      this.addSql(
        `create trigger "${table}_analytics_delete" after delete on "${table}" referencing old table as old_rows for each statement execute function analytics_note_dirty_${table}();`,
      );
    }
    this.addSql(`select analytics_rollup_refresh(id) from organizations;`);
  }
}
