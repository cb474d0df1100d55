import { Migration } from '@mikro-orm/migrations';

/** The external calendars of `ical` schedule layers: sealed URL, imported events, fetch state; gone with their schedule. */
export class Migration20261228010000ScheduleIcalFeeds extends Migration {
  override name = '20261228010000-schedule-ical-feeds';

  override up(): void {
    this.addSql(
      `create table "schedule_ical_feeds" ("id" uuid not null, "organization_id" uuid not null references "organizations" ("id") on delete cascade, "schedule_id" uuid not null references "schedules" ("id") on delete cascade, "url_sealed" text not null, "url_hint" varchar(300) null, "events" jsonb not null default '[]', "event_count" int not null default 0, "unmatched_count" int not null default 0, "last_fetched_at" timestamptz null, "last_succeeded_at" timestamptz null, "last_error" varchar(300) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "schedule_ical_feeds_schedule_id_index" on "schedule_ical_feeds" ("schedule_id");`);
  }
}
