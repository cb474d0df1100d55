import { Migration } from '@mikro-orm/migrations';

/**
 * Status updates on incidents (internal or public; a public one may name the incident as the status
 * page shows it, `title`, so the internal title never leaves), each organization's public status page (slug,
 * custom domain, components mapped to integrations or routing rules) and its email subscribers:
 * to the whole page (`incident_id` null) or one incident. A subscriber's links are signed tokens
 * naming the row, so no token is stored; unsubscribing deletes the row.
 */
export class Migration20261231150000StatusPages extends Migration {
  override name = '20261231150000-status-pages';

  override up(): void {
    this.addSql(`create table "status_updates" (
      "id" uuid not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "incident_id" uuid not null references "incidents" ("id") on delete cascade,
      "kind" text not null check ("kind" in ('investigating', 'identified', 'monitoring', 'resolved')),
      "title" text null,
      "body" text not null,
      "visibility" text not null check ("visibility" in ('internal', 'public')),
      "author_id" uuid null references "users" ("id") on delete set null,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(`create index "status_updates_incident_index" on "status_updates" ("incident_id", "created_at");`);
    this.addSql(
      `create index "status_updates_public_index" on "status_updates" ("organization_id", "created_at") where "visibility" = 'public';`,
    );
    this.addSql(`create table "status_pages" (
      "organization_id" uuid not null primary key references "organizations" ("id") on delete cascade,
      "slug" text not null,
      "title" text not null,
      "enabled" boolean not null default false,
      "custom_domain" text null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(`create unique index "status_pages_slug_unique" on "status_pages" ("slug");`);
    this.addSql(`create unique index "status_pages_custom_domain_unique" on "status_pages" ("custom_domain");`);
    this.addSql(`create table "status_page_components" (
      "id" uuid not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "name" text not null,
      "description" text null,
      "position" integer not null default 0,
      "integration_ids" jsonb not null default '[]',
      "routing_rule_ids" jsonb not null default '[]',
      "status_override" text null check ("status_override" in ('operational', 'degraded_performance', 'partial_outage', 'major_outage', 'under_maintenance')),
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(`create index "status_page_components_organization_index" on "status_page_components" ("organization_id", "position");`);
    this.addSql(`create table "status_subscribers" (
      "id" uuid not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "incident_id" uuid null references "incidents" ("id") on delete cascade,
      "email" text not null,
      "user_id" uuid null references "users" ("id") on delete cascade,
      "confirmed_at" timestamptz null,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(
      `create unique index "status_subscribers_unique" on "status_subscribers" ("organization_id", coalesce("incident_id", '00000000-0000-0000-0000-000000000000'::uuid), lower("email"));`,
    );
    // One row per (update, subscriber) claimed before its mail is sent: a retried run mails nobody twice.
    this.addSql(`create table "status_update_mails" (
      "status_update_id" uuid not null references "status_updates" ("id") on delete cascade,
      "subscriber_id" uuid not null references "status_subscribers" ("id") on delete cascade,
      "sent_at" timestamptz null,
      primary key ("status_update_id", "subscriber_id")
    );`);
  }

  override down(): void {
    this.addSql(`drop table if exists "status_update_mails";`);
    this.addSql(`drop table if exists "status_subscribers";`);
    this.addSql(`drop table if exists "status_page_components";`);
    this.addSql(`drop table if exists "status_pages";`);
    this.addSql(`drop table if exists "status_updates";`);
  }
}
