import { Migration } from '@mikro-orm/migrations';

/**
 * Teams: a named group of members with its own default escalation policy. A team owns
 * integrations, routing rules, schedules and escalation policies (`team_id`, cleared when the team
 * goes); an escalation level may page a team (its schedules' on-call, else its members).
 */
export class Migration20261231120000Teams extends Migration {
  override name = '20261231120000-teams';

  override up(): void {
    this.addSql(`create table "teams" (
      "id" uuid not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "name" varchar(200) not null,
      "description" text null,
      "default_escalation_policy_id" uuid null references "escalation_policies" ("id") on delete set null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(`create unique index "teams_organization_name_unique" on "teams" ("organization_id", lower("name"));`);
    this.addSql(`create table "team_members" (
      "id" uuid not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "team_id" uuid not null references "teams" ("id") on delete cascade,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "role" text not null default 'member' check ("role" in ('member', 'manager')),
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(`create unique index "team_members_team_user_unique" on "team_members" ("team_id", "user_id");`);
    this.addSql(`create index "team_members_organization_index" on "team_members" ("organization_id");`);
    for (const table of ['integrations', 'routing_rules', 'schedules', 'escalation_policies']) {
      this.addSql(`alter table "${table}" add column "team_id" uuid null references "teams" ("id") on delete set null;`);
      this.addSql(`create index "${table}_team_index" on "${table}" ("team_id") where "team_id" is not null;`);
    }
  }

  override down(): void {
    for (const table of ['integrations', 'routing_rules', 'schedules', 'escalation_policies'])
      this.addSql(`alter table "${table}" drop column if exists "team_id";`);
    this.addSql(`drop table if exists "team_members";`);
    this.addSql(`drop table if exists "teams";`);
  }
}
