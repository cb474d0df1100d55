import { Migration } from '@mikro-orm/migrations';

/**
 * Integrations, incidents with their timeline, every received alert, and the domain-event outbox.
 * At most one open incident per organization and dedup key, enforced by a partial unique index;
 * full-text search over title and description through an expression GIN index.
 */
export class Migration20261122030000Ingestion extends Migration {
  override name = '20261122030000-ingestion';

  override up(): void {
    this.addSql(
      `create table "integrations" ("id" uuid not null, "organization_id" uuid not null, "name" varchar(200) not null, "platform" varchar(32) not null, "status" varchar(16) not null default 'disconnected', "enabled" boolean not null default true, "secret_ciphertext" text not null, "previous_secret_ciphertext" text null, "previous_secret_expires_at" timestamptz null, "webhook_config" jsonb null, "settings" jsonb not null default '{}', "consecutive_failures" int not null default 0, "last_alert_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "integrations_organization_id_index" on "integrations" ("organization_id");`);
    this.addSql(
      `create table "incidents" ("id" uuid not null, "organization_id" uuid not null, "title" varchar(500) not null, "description" text null, "status" varchar(16) not null, "severity" varchar(16) not null, "assignee_id" uuid null, "source" varchar(32) not null, "integration_id" uuid null, "fingerprint" varchar(200) null, "alert_count" int not null default 0, "tags" jsonb not null default '[]', "labels" jsonb not null default '{}', "created_at" timestamptz not null, "updated_at" timestamptz not null, "acknowledged_at" timestamptz null, "resolved_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "incidents_organization_id_index" on "incidents" ("organization_id");`);
    this.addSql(
      `create table "domain_events" ("id" uuid not null, "organization_id" uuid not null, "type" varchar(64) not null, "incident_id" uuid null, "data" jsonb not null, "created_at" timestamptz not null, "dispatched_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "domain_events_incident_id_index" on "domain_events" ("incident_id");`);
    this.addSql(`create index "domain_events_created_at_index" on "domain_events" ("created_at");`);
    this.addSql(
      `create table "alerts" ("id" uuid not null, "organization_id" uuid not null, "integration_id" uuid not null, "incident_id" uuid null, "platform" varchar(32) not null, "external_id" varchar(500) null, "dedup_key" varchar(200) not null, "title" varchar(500) not null, "severity" varchar(16) not null, "status" varchar(16) not null, "host" varchar(500) null, "labels" jsonb not null default '{}', "links" jsonb not null default '{}', "raw" jsonb not null, "occurred_at" timestamptz null, "received_at" timestamptz not null, "processed_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "alerts_integration_id_index" on "alerts" ("integration_id");`);
    this.addSql(`create index "alerts_incident_id_index" on "alerts" ("incident_id");`);
    this.addSql(
      `create table "incident_timeline" ("id" uuid not null, "organization_id" uuid not null, "incident_id" uuid not null, "type" varchar(32) not null, "message" text not null, "actor_id" uuid null, "data" jsonb not null default '{}', "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "incident_timeline_incident_id_index" on "incident_timeline" ("incident_id");`);
    this.addSql(
      `alter table "integrations" add constraint "integrations_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "incidents" add constraint "incidents_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "domain_events" add constraint "domain_events_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "alerts" add constraint "alerts_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "incident_timeline" add constraint "incident_timeline_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `create unique index "incidents_open_fingerprint_unique" on "incidents" ("organization_id", "fingerprint") where "status" <> 'resolved' and "fingerprint" is not null;`,
    );
    this.addSql(`create index "incidents_organization_created_index" on "incidents" ("organization_id", "created_at" desc);`);
    this.addSql(
      `create index "incidents_search_index" on "incidents" using gin (to_tsvector('english', coalesce("title", '') || ' ' || coalesce("description", '')));`,
    );
    this.addSql(
      `alter table "incidents" add constraint "incidents_assignee_id_foreign" foreign key ("assignee_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "incident_timeline" add constraint "incident_timeline_incident_id_foreign" foreign key ("incident_id") references "incidents" ("id") on delete cascade;`,
    );
    this.addSql(`create index "domain_events_undispatched_index" on "domain_events" ("created_at") where "dispatched_at" is null;`);
  }
}
