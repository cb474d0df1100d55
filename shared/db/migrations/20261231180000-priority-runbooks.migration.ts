import { Migration } from '@mikro-orm/migrations';

/**
 * Priority runbooks: an organization may name, per priority (P1–P5), a runbook started when an
 * incident opens with that priority or is set to it later. An execution started this way names the
 * priority; the one-automatic-run-per-incident index now covers both kinds of automatic run.
 */
export class Migration20261231180000PriorityRunbooks extends Migration {
  override name = '20261231180000-priority-runbooks';

  override up(): void {
    this.addSql(`create table "priority_runbooks" (
      "id" uuid not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "priority" varchar(2) not null constraint "priority_runbooks_priority_check" check ("priority" in ('P1', 'P2', 'P3', 'P4', 'P5')),
      "procedure_id" uuid not null references "procedures" ("id") on delete cascade,
      "auto_approve" boolean not null default false,
      "resolve_incident" boolean not null default true,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(
      `create unique index "priority_runbooks_organization_priority_unique" on "priority_runbooks" ("organization_id", "priority");`,
    );
    this.addSql(`create index "priority_runbooks_procedure_id_index" on "priority_runbooks" ("procedure_id");`);
    this.addSql(
      `alter table "executions" add column "remediation_priority" varchar(2) null constraint "executions_remediation_priority_check" check ("remediation_priority" in ('P1', 'P2', 'P3', 'P4', 'P5'));`,
    );
    this.addSql(`drop index if exists "executions_remediation_incident_unique";`);
    this.addSql(
      `create unique index "executions_remediation_incident_unique" on "executions" ("incident_id") where "routing_rule_id" is not null or "remediation_priority" is not null;`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "executions_remediation_incident_unique";`);
    this.addSql(`alter table "executions" drop column if exists "remediation_priority";`);
    this.addSql(
      `create unique index "executions_remediation_incident_unique" on "executions" ("incident_id") where "routing_rule_id" is not null;`,
    );
    this.addSql(`drop table if exists "priority_runbooks";`);
  }
}
