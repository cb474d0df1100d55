import { Migration } from '@mikro-orm/migrations';

/**
 * Incident roles and priorities. `incident_roles` holds an organization's custom roles (the
 * built-in commander, communications lead and scribe live in code); `incident_role_assignments`
 * who holds which role on an incident, one holder per role. Priority (P1–P5) sits beside severity on
 * incidents and may be set by the routing rule that routes an incident.
 */
export class Migration20261231140000IncidentRolesAndPriorities extends Migration {
  override name = '20261231140000-incident-roles-and-priorities';

  override up(): void {
    this.addSql(`create table "incident_roles" (
      "id" uuid not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "key" varchar(50) not null,
      "name" varchar(100) not null,
      "description" text null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(`create unique index "incident_roles_organization_key_unique" on "incident_roles" ("organization_id", "key");`);
    this.addSql(`create table "incident_role_assignments" (
      "id" uuid not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "incident_id" uuid not null references "incidents" ("id") on delete cascade,
      "role_key" varchar(50) not null,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "assigned_by" uuid null references "users" ("id") on delete set null,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(
      `create unique index "incident_role_assignments_incident_role_unique" on "incident_role_assignments" ("incident_id", "role_key");`,
    );
    this.addSql(
      `create index "incident_role_assignments_organization_role_index" on "incident_role_assignments" ("organization_id", "role_key");`,
    );
    this.addSql(
      `alter table "incidents" add column "priority" varchar(2) null constraint "incidents_priority_check" check ("priority" in ('P1', 'P2', 'P3', 'P4', 'P5'));`,
    );
    this.addSql(
      `alter table "routing_rules" add column "priority" varchar(2) null constraint "routing_rules_priority_check" check ("priority" in ('P1', 'P2', 'P3', 'P4', 'P5'));`,
    );
  }

  override down(): void {
    this.addSql(`alter table "routing_rules" drop column if exists "priority";`);
    this.addSql(`alter table "incidents" drop column if exists "priority";`);
    this.addSql(`drop table if exists "incident_role_assignments";`);
    this.addSql(`drop table if exists "incident_roles";`);
  }
}
