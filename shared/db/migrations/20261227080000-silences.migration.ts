import { Migration } from '@mikro-orm/migrations';

/**
 * Silences and maintenance windows, and what muted an alert. Every change to either table
 * NOTIFYs `tocsin_credentials` with `silences:<organization id>` (the credential cache's channel
 * and trigger function), so each worker drops its cached mute rules for that organization.
 */
export class Migration20261227080000Silences extends Migration {
  override name = '20261227080000-silences';

  override up(): void {
    this.addSql(
      `create table "silences" ("id" uuid not null, "organization_id" uuid not null references "organizations" ("id") on delete cascade, "matchers" jsonb not null, "starts_at" timestamptz not null, "ends_at" timestamptz not null, "comment" text not null, "created_by_id" uuid null, "updated_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"), constraint "silences_span_check" check ("ends_at" >= "starts_at"));`,
    );
    this.addSql(`create index "silences_organization_id_ends_at_index" on "silences" ("organization_id", "ends_at");`);
    this.addSql(
      `create table "maintenance_windows" ("id" uuid not null, "organization_id" uuid not null references "organizations" ("id") on delete cascade, "description" text not null, "integration_ids" jsonb not null default '[]', "starts_at" timestamptz not null, "ends_at" timestamptz not null, "rrule" text null, "time_zone" varchar(64) not null, "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"), constraint "maintenance_windows_span_check" check ("ends_at" > "starts_at"));`,
    );
    this.addSql(`create index "maintenance_windows_organization_id_index" on "maintenance_windows" ("organization_id");`);
    this.addSql(`alter table "alerts" add column "silenced_by" uuid null, add column "silenced_kind" varchar(32) null;`);
    this.addSql(
      `create index "alerts_organization_id_silenced_by_index" on "alerts" ("organization_id", "silenced_by", "received_at") where "silenced_by" is not null;`,
    );
    for (const table of ['silences', 'maintenance_windows']) {
      this.addSql(
        `create trigger "${table}_notify_credentials" after insert or update or delete on "${table}" for each row execute function "tocsin_notify_credentials"('silences', 'organization_id');`,
      );
    }
  }
}
