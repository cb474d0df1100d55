import { Migration } from '@mikro-orm/migrations';

/**
 * Heartbeats (dead man's switches): a period and a grace, the integration whose routing a lapse
 * pages through, and the ping URL's secret stored as its SHA-256. `status` (`up`/`down`) and
 * `lapse_count` are written only by the heartbeat's workflow, under the row lock; pings only move
 * `last_ping_at`. Gone with the organization or the integration.
 */
export class Migration20261231060000Heartbeats extends Migration {
  override name = '20261231060000-heartbeats';

  override up(): void {
    this.addSql(`create table "heartbeats" (
      "id" uuid not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "integration_id" uuid not null references "integrations" ("id") on delete cascade,
      "name" varchar(200) not null,
      "description" text null,
      "period_seconds" int not null,
      "grace_seconds" int not null,
      "severity" varchar(16) not null,
      "title" varchar(500) null,
      "alert_name" varchar(200) not null,
      "token_hash" varchar(64) not null,
      "status" varchar(8) not null default 'up',
      "lapse_count" int not null default 0,
      "armed_at" timestamptz not null,
      "last_ping_at" timestamptz null,
      "lapsed_at" timestamptz null,
      "created_by_id" uuid null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "heartbeats_token_hash_unique" unique ("token_hash"),
      constraint "heartbeats_status_check" check ("status" in ('up', 'down')),
      constraint "heartbeats_period_check" check ("period_seconds" between 5 and 2678400),
      constraint "heartbeats_grace_check" check ("grace_seconds" between 0 and 2678400));`);
    this.addSql(`create index "heartbeats_organization_id_name_index" on "heartbeats" ("organization_id", "name");`);
    this.addSql(`create index "heartbeats_integration_id_index" on "heartbeats" ("integration_id");`);
  }
}
