import { Migration } from '@mikro-orm/migrations';

/**
 * Each member's contact methods (email addresses and webhooks) and notification rules (which
 * method, how long after the page, for which urgency), the rule and method each page went
 * through, and the one-click page links already used. A page is unique per (incident, round,
 * level, user, rule): a user paged at once and by two delayed rules gets three pages, each once.
 */
export class Migration20261228030000ContactMethods extends Migration {
  override name = '20261228030000-contact-methods';

  override up(): void {
    this.addSql(`create table "contact_methods" (
      "id" uuid not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "type" varchar(16) not null,
      "label" varchar(200) not null,
      "address" varchar(320) null,
      "webhook_sealed" text null,
      "webhook_destination" varchar(300) null,
      "template" jsonb null,
      "verified_at" timestamptz null,
      "verification_token_hash" varchar(64) null unique,
      "verification_expires_at" timestamptz null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null);`);
    this.addSql(`create index "contact_methods_organization_user_index" on "contact_methods" ("organization_id", "user_id");`);
    this.addSql(`create table "notification_rules" (
      "id" uuid not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "contact_method_id" uuid not null references "contact_methods" ("id") on delete cascade,
      "delay_minutes" double precision not null,
      "urgency" varchar(8) not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null);`);
    this.addSql(`create index "notification_rules_organization_user_index" on "notification_rules" ("organization_id", "user_id");`);
    this.addSql(`alter table "pages" add column "rule_id" uuid null, add column "contact_method_id" uuid null;`);
    this.addSql(`drop index if exists "pages_incident_round_level_user_method_unique";`);
    // A page without a rule (a member without rules: email at once) keys on the nil uuid.
    this.addSql(
      `create unique index "pages_incident_round_level_user_rule_unique" on "pages" ("incident_id", "round", "level", "user_id", (coalesce("rule_id", '00000000-0000-0000-0000-000000000000'::uuid)));`,
    );
    this.addSql(`create table "page_link_redemptions" (
      "page_id" uuid not null references "pages" ("id") on delete cascade,
      "action" varchar(16) not null,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "user_id" uuid not null,
      "redeemed_at" timestamptz not null,
      primary key ("page_id", "action"));`);
  }

  override down(): void {
    this.addSql(`drop table if exists "page_link_redemptions";`);
    this.addSql(`drop index if exists "pages_incident_round_level_user_rule_unique";`);
    this.addSql(`delete from "pages" where "rule_id" is not null;`);
    this.addSql(`alter table "pages" drop column "rule_id", drop column "contact_method_id";`);
    this.addSql(
      `create unique index "pages_incident_round_level_user_method_unique" on "pages" ("incident_id", "round", "level", "user_id", "method");`,
    );
    this.addSql(`drop table if exists "notification_rules";`);
    this.addSql(`drop table if exists "contact_methods";`);
  }
}
