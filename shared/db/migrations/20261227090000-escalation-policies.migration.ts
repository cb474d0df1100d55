import { Migration } from '@mikro-orm/migrations';

/**
 * Escalation policies (ordered levels of targets, each with its delay, and how often the chain
 * repeats), which policy an integration pages through, and the pages an escalation sent. A page
 * is unique per (incident, round, level, user, method): a retried activity never sends it twice.
 */
export class Migration20261227090000EscalationPolicies extends Migration {
  override name = '20261227090000-escalation-policies';

  override up(): void {
    this.addSql(`create table "escalation_policies" (
      "id" uuid not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "name" varchar(200) not null,
      "description" text null,
      "levels" jsonb not null,
      "repeat" int not null default 0,
      "is_default" boolean not null default false,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null);`);
    this.addSql(`create index "escalation_policies_organization_id_index" on "escalation_policies" ("organization_id");`);
    // One default policy per organization.
    this.addSql(
      `create unique index "escalation_policies_default_unique" on "escalation_policies" ("organization_id") where "is_default";`,
    );
    this.addSql(
      `alter table "integrations" add column "escalation_policy_id" uuid null references "escalation_policies" ("id") on delete set null;`,
    );
    this.addSql(`create table "pages" (
      "id" uuid not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "incident_id" uuid not null references "incidents" ("id") on delete cascade,
      "policy_id" uuid null,
      "round" int not null,
      "level" int not null,
      "user_id" uuid not null,
      "method" varchar(32) not null,
      "status" varchar(16) not null,
      "error" text null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null);`);
    this.addSql(
      `create unique index "pages_incident_round_level_user_method_unique" on "pages" ("incident_id", "round", "level", "user_id", "method");`,
    );
    this.addSql(`create index "pages_organization_id_index" on "pages" ("organization_id");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "pages";`);
    this.addSql(`alter table "integrations" drop column "escalation_policy_id";`);
    this.addSql(`drop table if exists "escalation_policies";`);
  }
}
