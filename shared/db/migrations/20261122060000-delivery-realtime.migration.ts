import { Migration } from '@mikro-orm/migrations';

/**
 * Outbound webhook delivery attempts and per-user notifications, both made from the domain-event
 * outbox. Removing an integration or a user removes its rows.
 */
export class Migration20261122060000DeliveryRealtime extends Migration {
  override name = '20261122060000-delivery-realtime';

  override up(): void {
    this.addSql(
      `create table "webhook_deliveries" ("id" uuid not null, "organization_id" uuid not null, "integration_id" uuid not null, "event_id" uuid not null, "event_type" varchar(64) not null, "attempt" int not null, "success" boolean not null, "status_code" int null, "error" text null, "duration_ms" int not null, "final" boolean not null default false, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "webhook_deliveries_integration_created_index" on "webhook_deliveries" ("integration_id", "created_at");`);
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_attempt_unique" unique ("event_id", "integration_id", "attempt");`,
    );
    this.addSql(
      `create table "notifications" ("id" uuid not null, "organization_id" uuid not null, "user_id" uuid not null, "type" varchar(64) not null, "title" varchar(500) not null, "body" text null, "data" jsonb not null, "incident_id" uuid null, "execution_id" uuid null, "event_id" uuid not null, "read_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "notifications_user_created_index" on "notifications" ("user_id", "created_at");`);
    this.addSql(
      `alter table "notifications" add constraint "notifications_event_user_type_unique" unique ("event_id", "user_id", "type");`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_integration_id_foreign" foreign key ("integration_id") references "integrations" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "notifications" add constraint "notifications_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "notifications" add constraint "notifications_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(`create index "notifications_user_unread_index" on "notifications" ("user_id", "created_at") where "read_at" is null;`);
  }
}
