import { Migration } from '@mikro-orm/migrations';

/**
 * Analytics (GET /analytics) reads one row per incident, never the timeline: the first time an
 * incident reached `mitigated` and the first time it had an assignee are stamped on the row by the
 * same writes that add the timeline entries (shared/db/access/incidents.ts), beside the
 * existing `acknowledged_at` and `resolved_at`. Existing incidents are backfilled from their
 * timeline: an incident whose first `assignee_changed` entry has a `from` was assigned at creation.
 *
 * Covering indexes let one request aggregate 100k incidents and their alerts by index-only scans:
 * incidents by (organization, created_at) with every column analytics groups, filters or measures;
 * alerts by (organization, received_at), which also serves retention's deletes by age.
 */
export class Migration20261124030000Analytics extends Migration {
  override name = '20261124030000-analytics';

  override up(): void {
    this.addSql(`alter table "incidents" add column "mitigated_at" timestamptz null, add column "first_assigned_at" timestamptz null;`);
    this.addSql(`update "incidents" as i set "mitigated_at" = t."at"
      from (select "incident_id", min("created_at") as "at" from "incident_timeline" where "type" = 'status_changed' and "data"->>'to' = 'mitigated' group by "incident_id") as t
      where t."incident_id" = i."id";`);
    this.addSql(`update "incidents" set "mitigated_at" = "created_at" where "mitigated_at" is null and "status" = 'mitigated';`);
    this.addSql(`update "incidents" as i set "first_assigned_at" = case when t."first_from" is not null then i."created_at" else t."at" end
      from (select distinct on ("incident_id") "incident_id", "created_at" as "at", "data"->>'from' as "first_from"
            from "incident_timeline" where "type" = 'assignee_changed' order by "incident_id", "id") as t
      where t."incident_id" = i."id";`);
    this.addSql(
      `update "incidents" set "first_assigned_at" = "created_at" where "first_assigned_at" is null and "assignee_id" is not null;`,
    );
    this.addSql(`create index "incidents_analytics_index" on "incidents" ("organization_id", "created_at")
      include ("resolved_at", "acknowledged_at", "mitigated_at", "first_assigned_at", "severity", "source", "integration_id", "assignee_id", "status");`);
    this.addSql(`create index "alerts_organization_received_index" on "alerts" ("organization_id", "received_at")
      include ("severity", "platform", "integration_id", "incident_id");`);
  }
}
