import { Migration } from '@mikro-orm/migrations';

/**
 * Incident merges and links. `incident_merges` records each merge of a source into a target: the
 * source's status before it, the alerts that moved and the dedup keys that now lead to the target
 * (`incident_merge_keys`, read by ingestion) until it is unmerged. `incidents.merged_into_id` is
 * the one column the incident detail reads. `incident_links` relates two incidents of an
 * organization, once per pair whichever way round.
 */
export class Migration20261231170000IncidentMergesAndLinks extends Migration {
  override name = '20261231170000-incident-merges-and-links';

  override up(): void {
    this.addSql(`alter table "incidents" add column "merged_into_id" uuid null references "incidents" ("id") on delete set null;`);
    this.addSql(`create table "incident_merges" (
      "id" uuid not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "target_incident_id" uuid not null references "incidents" ("id") on delete cascade,
      "source_incident_id" uuid not null references "incidents" ("id") on delete cascade,
      "source_status" varchar(16) not null,
      "alert_ids" jsonb not null default '[]',
      "merged_by" uuid null references "users" ("id") on delete set null,
      "merged_at" timestamptz not null default now(),
      "unmerged_by" uuid null references "users" ("id") on delete set null,
      "unmerged_at" timestamptz null
    );`);
    this.addSql(
      `create unique index "incident_merges_source_active_unique" on "incident_merges" ("source_incident_id") where "unmerged_at" is null;`,
    );
    this.addSql(`create index "incident_merges_target_index" on "incident_merges" ("target_incident_id");`);
    this.addSql(`create table "incident_merge_keys" (
      "merge_id" uuid not null references "incident_merges" ("id") on delete cascade,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "dedup_key" varchar(200) not null,
      "target_incident_id" uuid not null references "incidents" ("id") on delete cascade,
      primary key ("merge_id", "dedup_key")
    );`);
    this.addSql(`create index "incident_merge_keys_organization_key_index" on "incident_merge_keys" ("organization_id", "dedup_key");`);
    this.addSql(`create table "incident_links" (
      "id" uuid not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "incident_id" uuid not null references "incidents" ("id") on delete cascade,
      "linked_incident_id" uuid not null references "incidents" ("id") on delete cascade,
      "kind" varchar(16) not null check ("kind" in ('related', 'caused_by', 'duplicate_of')),
      "created_by" uuid null references "users" ("id") on delete set null,
      "created_at" timestamptz not null default now(),
      check ("incident_id" <> "linked_incident_id")
    );`);
    this.addSql(
      `create unique index "incident_links_pair_unique" on "incident_links" ("organization_id", least("incident_id", "linked_incident_id"), greatest("incident_id", "linked_incident_id"));`,
    );
    this.addSql(`create index "incident_links_incident_index" on "incident_links" ("incident_id");`);
    this.addSql(`create index "incident_links_linked_incident_index" on "incident_links" ("linked_incident_id");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "incident_links";`);
    this.addSql(`drop table if exists "incident_merge_keys";`);
    this.addSql(`drop table if exists "incident_merges";`);
    this.addSql(`alter table "incidents" drop column if exists "merged_into_id";`);
  }
}
