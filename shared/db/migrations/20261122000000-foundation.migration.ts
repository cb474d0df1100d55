import { Migration } from '@mikro-orm/migrations';

/** Organizations, users and pipeline self-test runs. */
export class Migration20261122000000Foundation extends Migration {
  override name = '20261122000000-foundation';

  override up(): void {
    this.addSql(
      `create table "organizations" ("id" uuid not null, "name" varchar(200) not null, "plan" varchar(32) not null default 'free', "settings" jsonb not null default '{}', "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create table "users" ("id" uuid not null, "organization_id" uuid not null, "email" varchar(320) not null, "name" varchar(200) not null, "role" varchar(32) not null, "password_hash" varchar(255) not null, "email_verified_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "users_organization_id_index" on "users" ("organization_id");`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(
      `alter table "users" add constraint "users_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `create table "self_test_runs" ("id" uuid not null, "organization_id" uuid not null, "requested_by" uuid not null, "status" varchar(16) not null, "workflow_id" varchar(200) not null, "worker_identity" varchar(200) null, "created_at" timestamptz not null, "completed_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "self_test_runs_organization_id_index" on "self_test_runs" ("organization_id");`);
    this.addSql(
      `alter table "self_test_runs" add constraint "self_test_runs_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
  }
}
