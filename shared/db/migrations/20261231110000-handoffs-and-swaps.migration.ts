import { Migration } from '@mikro-orm/migrations';

/**
 * Handoff notices and shift swaps: each member's handoff preferences, one row per notice planned
 * (unique per user, schedule, handoff instant and kind, so a re-plan or restart never sends twice),
 * and members' requests for cover of a shift, which become an override when accepted.
 */
export class Migration20261231110000HandoffsAndSwaps extends Migration {
  override name = '20261231110000-handoffs-and-swaps';

  override up(): void {
    this.addSql(`create table "handoff_preferences" (
      "user_id" uuid not null primary key references "users" ("id") on delete cascade,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "notice_minutes" integer null,
      "notify_on_shift_end" boolean not null default false,
      "updated_at" timestamptz not null,
      constraint "handoff_preferences_minutes_check" check ("notice_minutes" between 0 and 1440));`);
    this.addSql(`create index "handoff_preferences_organization_id_index" on "handoff_preferences" ("organization_id");`);
    this.addSql(`create table "handoff_notices" (
      "id" uuid not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "schedule_id" uuid not null references "schedules" ("id") on delete cascade,
      "kind" varchar(8) not null,
      "shift_start" timestamptz not null,
      "shift_end" timestamptz not null,
      "send_at" timestamptz not null,
      "sent_at" timestamptz null,
      "created_at" timestamptz not null,
      constraint "handoff_notices_kind_check" check ("kind" in ('start', 'end')),
      constraint "handoff_notices_unique" unique ("user_id", "schedule_id", "shift_start", "kind"));`);
    this.addSql(
      `create index "handoff_notices_pending_index" on "handoff_notices" ("organization_id", "send_at") where "sent_at" is null;`,
    );
    this.addSql(`create table "schedule_swap_requests" (
      "id" uuid not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "schedule_id" uuid not null references "schedules" ("id") on delete cascade,
      "requester_id" uuid not null references "users" ("id") on delete cascade,
      "target_user_id" uuid null references "users" ("id") on delete cascade,
      "start_at" timestamptz not null,
      "end_at" timestamptz not null,
      "message" varchar(1000) null,
      "status" varchar(16) not null,
      "responder_id" uuid null references "users" ("id") on delete set null,
      "override_id" uuid null references "schedule_overrides" ("id") on delete set null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "schedule_swap_requests_range_check" check ("end_at" > "start_at"),
      constraint "schedule_swap_requests_status_check" check ("status" in ('open', 'accepted', 'declined', 'cancelled')));`);
    this.addSql(`create index "schedule_swap_requests_schedule_index" on "schedule_swap_requests" ("schedule_id", "end_at");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "schedule_swap_requests";`);
    this.addSql(`drop table if exists "handoff_notices";`);
    this.addSql(`drop table if exists "handoff_preferences";`);
  }
}
