import { Migration } from '@mikro-orm/migrations';

/** Invitations, the audit log and the shared rate-limit counters. */
export class Migration20261122020000UsersLimitsAudit extends Migration {
  override name = '20261122020000-users-limits-audit';

  override up(): void {
    this.addSql(
      `create table "invitations" ("id" uuid not null, "organization_id" uuid not null, "email" varchar(320) not null, "role" varchar(32) not null, "token_hash" varchar(64) not null, "invited_by" uuid not null, "expires_at" timestamptz not null, "accepted_at" timestamptz null, "accepted_user_id" uuid null, "revoked_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "invitations_organization_id_index" on "invitations" ("organization_id");`);
    this.addSql(`alter table "invitations" add constraint "invitations_token_hash_unique" unique ("token_hash");`);
    this.addSql(
      `create table "audit_events" ("id" uuid not null, "organization_id" uuid not null, "event_type" varchar(64) not null, "action" varchar(100) not null, "method" varchar(8) not null, "path" varchar(300) not null, "target_type" varchar(64) null, "target_id" varchar(128) null, "actor_type" varchar(16) not null, "actor_user_id" uuid null, "actor_api_key_id" uuid null, "ip" varchar(64) null, "user_agent" varchar(500) null, "request_id" varchar(128) not null, "status_code" int not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "audit_events_organization_created_index" on "audit_events" ("organization_id", "created_at");`);
    // Unlogged: counters are rewritten on nearly every request and worth nothing after a crash, so
    // they skip the write-ahead log (a crash or failover resets them, which only forgives a window).
    this.addSql(
      `create unlogged table "rate_limit_counters" ("key" varchar(200) not null, "window_start" timestamptz not null, "count" int not null, primary key ("key", "window_start"));`,
    );
    this.addSql(`create index "rate_limit_counters_window_start_index" on "rate_limit_counters" ("window_start");`);
    this.addSql(
      `alter table "invitations" add constraint "invitations_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "audit_events" add constraint "audit_events_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
  }
}
