import { Migration } from '@mikro-orm/migrations';

/**
 * On-call schedules. Layers live in the schedule row as one JSON document; overrides in their own
 * table, removed with their user (a removed member is on call nowhere) and with their schedule.
 */
export class Migration20261227070000Schedules extends Migration {
  override name = '20261227070000-schedules';

  override up(): void {
    this.addSql(
      `create table "schedules" ("id" uuid not null, "organization_id" uuid not null references "organizations" ("id") on delete cascade, "name" varchar(200) not null, "description" text null, "time_zone" varchar(64) not null, "layers" jsonb not null default '[]', "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "schedules_organization_id_index" on "schedules" ("organization_id");`);
    this.addSql(
      `create table "schedule_overrides" ("id" uuid not null, "organization_id" uuid not null references "organizations" ("id") on delete cascade, "schedule_id" uuid not null references "schedules" ("id") on delete cascade, "user_id" uuid not null references "users" ("id") on delete cascade, "start_at" timestamptz not null, "end_at" timestamptz not null, "created_by" uuid null, "created_at" timestamptz not null, primary key ("id"), constraint "schedule_overrides_range_check" check ("end_at" > "start_at"));`,
    );
    this.addSql(`create index "schedule_overrides_schedule_id_end_at_index" on "schedule_overrides" ("schedule_id", "end_at");`);
  }
}
