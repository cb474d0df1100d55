import { Migration } from '@mikro-orm/migrations';

/**
 * Alert grouping, inhibition and flapping (docs/decisions/0013-alert-grouping.md). An integration
 * and a routing rule may carry `grouping` (group_by, group_wait, group_interval) and an integration
 * `flapping` (threshold, window); a grouped incident keeps its group key, at most one open
 * incident per organization and group key (partial unique index, as for fingerprints), and when
 * its first page may go out. Writes to inhibition rules and to integrations' grouping or flapping
 * NOTIFY `tocsin_credentials` with `grouping:<organization id>`: each worker drops its cached rules.
 */
export class Migration20261231080000AlertGrouping extends Migration {
  override name = '20261231080000-alert-grouping';

  override up(): void {
    this.addSql(`alter table "integrations" add column "grouping" jsonb null, add column "flapping" jsonb null;`);
    this.addSql(`alter table "routing_rules" add column "grouping" jsonb null;`);
    this.addSql(`alter table "incidents"
      add column "group_key" varchar(1000) null,
      add column "group_labels" jsonb null,
      add column "page_after" timestamptz null,
      add column "group_interval_seconds" int null,
      add column "group_notified_at" timestamptz null,
      add column "group_notified_count" int not null default 0,
      add column "reopened_at" jsonb not null default '[]',
      add column "flapping_since" timestamptz null;`);
    this.addSql(
      `create unique index "incidents_open_group_unique" on "incidents" ("organization_id", "group_key") where "status" <> 'resolved' and "group_key" is not null;`,
    );
    // Which fingerprints a grouped incident holds, and an incident's recent reopenings (flapping).
    this.addSql(
      `create index "alerts_incident_id_dedup_key_index" on "alerts" ("incident_id", "dedup_key") where "incident_id" is not null;`,
    );
    this.addSql(
      `create index "incidents_organization_id_fingerprint_resolved_index" on "incidents" ("organization_id", "fingerprint", "resolved_at") where "status" = 'resolved';`,
    );
    this.addSql(`create table "inhibition_rules" (
      "id" uuid not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "name" varchar(200) not null,
      "source_matchers" jsonb not null,
      "target_matchers" jsonb not null,
      "equal" jsonb not null default '[]',
      "enabled" boolean not null default true,
      "created_by_id" uuid null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null);`);
    this.addSql(`create index "inhibition_rules_organization_id_index" on "inhibition_rules" ("organization_id");`);
    this.addSql(
      `create trigger "inhibition_rules_notify_credentials" after insert or update or delete on "inhibition_rules" for each row execute function "tocsin_notify_credentials"('grouping', 'organization_id');`,
    );
    this.addSql(
      `create trigger "integrations_grouping_notify_credentials" after insert or update of "grouping", "flapping" or delete on "integrations" for each row execute function "tocsin_notify_credentials"('grouping', 'organization_id');`,
    );
    // Inhibited alerts still firing are looked up when a source resolves.
    this.addSql(
      `create index "alerts_inhibited_index" on "alerts" ("organization_id", "dedup_key", "received_at") where "silenced_kind" = 'inhibition';`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "alerts_inhibited_index";`);
    this.addSql(`drop trigger if exists "integrations_grouping_notify_credentials" on "integrations";`);
    this.addSql(`drop table if exists "inhibition_rules";`);
    this.addSql(`drop index if exists "incidents_organization_id_fingerprint_resolved_index";`);
    this.addSql(`drop index if exists "alerts_incident_id_dedup_key_index";`);
    this.addSql(`drop index if exists "incidents_open_group_unique";`);
    this.addSql(`alter table "incidents" drop column "group_key", drop column "group_labels", drop column "page_after",
      drop column "group_interval_seconds", drop column "group_notified_at", drop column "group_notified_count",
      drop column "reopened_at", drop column "flapping_since";`);
    this.addSql(`alter table "routing_rules" drop column "grouping";`);
    this.addSql(`alter table "integrations" drop column "grouping", drop column "flapping";`);
  }
}
