import { Migration } from '@mikro-orm/migrations';

/**
 * Sessions and credentials: the JWT revocation list, per-user session cutoffs, login throttling
 * for lockout, API keys, single-use account tokens (password reset, email verification) and the
 * mail outbox used when no SMTP server is configured.
 */
export class Migration20261122010000SessionsAndKeys extends Migration {
  override name = '20261122010000-sessions-and-keys';

  override up(): void {
    this.addSql(
      `create table "login_throttles" ("email" varchar(320) not null, "failures" int not null, "window_started_at" timestamptz not null, "locked_until" timestamptz null, primary key ("email"));`,
    );
    this.addSql(`create index "login_throttles_window_started_at_index" on "login_throttles" ("window_started_at");`);
    this.addSql(
      `create table "outbox_messages" ("id" uuid not null, "to" varchar(320) not null, "subject" varchar(300) not null, "body" text not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "outbox_messages_to_index" on "outbox_messages" ("to");`);
    this.addSql(
      `create table "revoked_tokens" ("jti" varchar(64) not null, "expires_at" timestamptz not null, "created_at" timestamptz not null, primary key ("jti"));`,
    );
    this.addSql(`create index "revoked_tokens_expires_at_index" on "revoked_tokens" ("expires_at");`);
    this.addSql(`create table "session_cutoffs" ("user_id" uuid not null, "not_before" timestamptz not null, primary key ("user_id"));`);
    this.addSql(
      `create table "api_keys" ("id" uuid not null, "organization_id" uuid not null, "created_by_id" uuid not null, "name" varchar(200) not null, "key_hash" varchar(64) not null, "prefix" varchar(32) not null, "permissions" jsonb not null, "last_used_at" timestamptz null, "expires_at" timestamptz null, "revoked_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "api_keys_organization_id_index" on "api_keys" ("organization_id");`);
    this.addSql(`create index "api_keys_created_by_id_index" on "api_keys" ("created_by_id");`);
    this.addSql(`alter table "api_keys" add constraint "api_keys_key_hash_unique" unique ("key_hash");`);
    this.addSql(
      `create table "account_tokens" ("id" uuid not null, "organization_id" uuid not null, "user_id" uuid not null, "purpose" varchar(32) not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "account_tokens_organization_id_index" on "account_tokens" ("organization_id");`);
    this.addSql(`create index "account_tokens_user_id_index" on "account_tokens" ("user_id");`);
    this.addSql(`alter table "account_tokens" add constraint "account_tokens_token_hash_unique" unique ("token_hash");`);
    this.addSql(
      `alter table "session_cutoffs" add constraint "session_cutoffs_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "api_keys" add constraint "api_keys_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "api_keys" add constraint "api_keys_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "account_tokens" add constraint "account_tokens_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "account_tokens" add constraint "account_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }
}
