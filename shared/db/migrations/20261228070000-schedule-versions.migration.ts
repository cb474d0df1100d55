import { Migration } from '@mikro-orm/migrations';

/**
 * `schedule_versions`: one row per organization whose version every write to its schedules, their
 * overrides or their imported calendars bumps, so a process knows with one indexed read whether its
 * in-memory on-call snapshot is current.
 */
export class Migration20261228070000ScheduleVersions extends Migration {
  override name = '20261228070000-schedule-versions';

  override async up(): Promise<void> {
    this.addSql(
      `create table "schedule_versions" ("organization_id" uuid not null references "organizations" ("id") on delete cascade, "version" bigint not null, primary key ("organization_id"));`,
    );
    this.addSql(`create function "tocsin_bump_schedule_version"() returns trigger language plpgsql as $$
      begin
        insert into schedule_versions (organization_id, version)
        values (coalesce(new.organization_id, old.organization_id), 1)
        on conflict (organization_id) do update set version = schedule_versions.version + 1;
        return null;
      end $$;`);
    for (const table of TABLES) {
      this.addSql(
        `create trigger "${table}_bump_schedule_version" after insert or update or delete on "${table}" for each row execute function "tocsin_bump_schedule_version"();`,
      );
    }
  }

  override async down(): Promise<void> {
    for (const table of TABLES) this.addSql(`drop trigger if exists "${table}_bump_schedule_version" on "${table}";`);
    this.addSql(`drop function if exists "tocsin_bump_schedule_version"();`);
    this.addSql(`drop table if exists "schedule_versions";`);
  }
}

const TABLES = ['schedules', 'schedule_overrides', 'schedule_ical_feeds'];
