import { Migration } from '@mikro-orm/migrations';

/**
 * Procedures (runbooks) with ordered steps, and their executions with one row per step outcome.
 * An execution keeps the definition it started with (`definition`) and references its procedure
 * without a foreign key, so deleting a procedure leaves its history readable.
 */
export class Migration20261122040000Procedures extends Migration {
  override name = '20261122040000-procedures';

  override up(): void {
    this.addSql(
      `create table "executions" ("id" uuid not null, "organization_id" uuid not null, "procedure_id" uuid not null, "procedure_version" int not null, "incident_id" uuid null, "status" varchar(16) not null, "definition" jsonb not null, "parameters" jsonb not null default '{}', "workflow_id" varchar(200) not null, "progress_seq" int not null default 0, "started_by" uuid null, "started_at" timestamptz not null, "completed_at" timestamptz null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "executions_organization_id_index" on "executions" ("organization_id");`);
    this.addSql(`create index "executions_procedure_id_index" on "executions" ("procedure_id");`);
    this.addSql(`create index "executions_incident_id_index" on "executions" ("incident_id");`);
    this.addSql(
      `create table "execution_steps" ("id" uuid not null, "organization_id" uuid not null, "execution_id" uuid not null, "step_id" uuid not null, "position" int not null, "name" varchar(200) not null, "type" varchar(16) not null, "status" varchar(16) not null, "output" jsonb null, "notes" text null, "actor_id" uuid null, "started_at" timestamptz null, "completed_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "execution_steps_execution_id_index" on "execution_steps" ("execution_id");`);
    this.addSql(
      `create table "procedures" ("id" uuid not null, "organization_id" uuid not null, "name" varchar(200) not null, "description" text null, "tags" jsonb not null default '[]', "version" int not null default 1, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "procedures_organization_id_index" on "procedures" ("organization_id");`);
    this.addSql(
      `create table "procedure_steps" ("id" uuid not null, "organization_id" uuid not null, "procedure_id" uuid not null, "position" int not null, "name" varchar(200) not null, "description" text null, "type" varchar(16) not null, "config" jsonb not null default '{}', primary key ("id"));`,
    );
    this.addSql(`create index "procedure_steps_procedure_id_index" on "procedure_steps" ("procedure_id");`);
    this.addSql(
      `alter table "executions" add constraint "executions_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "execution_steps" add constraint "execution_steps_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "execution_steps" add constraint "execution_steps_execution_id_foreign" foreign key ("execution_id") references "executions" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "procedures" add constraint "procedures_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "procedure_steps" add constraint "procedure_steps_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "procedure_steps" add constraint "procedure_steps_procedure_id_foreign" foreign key ("procedure_id") references "procedures" ("id") on delete cascade;`,
    );
    this.addSql(`create index "executions_organization_started_index" on "executions" ("organization_id", "started_at" desc);`);
    this.addSql(`create unique index "execution_steps_execution_step_unique" on "execution_steps" ("execution_id", "step_id");`);
  }
}
