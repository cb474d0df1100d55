import { Migration } from '@mikro-orm/migrations';

/**
 * SSO identities are linked to users, never matched by email alone. `sso_identities` holds each
 * (connection, issuer, subject) once (the OIDC `sub`, the SAML NameID) and one identity per user
 * and connection. `sso_link_requests` are the single-use links mailed when a first sign-in names
 * the email of an existing account (stored as a SHA-256 of the token). `sso_login_requests`
 * gains the user a sign-in started in link mode is for. Connections that were given `owner` as
 * their default role fall back to `viewer`: first sign-ins never create owners.
 */
export class Migration20261227010000SsoIdentities extends Migration {
  override name = '20261227010000-sso-identities';

  override up(): void {
    this.addSql(
      `create table "sso_identities" ("connection_id" uuid not null, "issuer" varchar(500) not null, "subject" varchar(500) not null, "user_id" uuid not null, "created_at" timestamptz not null default now(), primary key ("connection_id", "issuer", "subject"));`,
    );
    this.addSql(`create unique index "sso_identities_connection_id_user_id_unique" on "sso_identities" ("connection_id", "user_id");`);
    this.addSql(`create index "sso_identities_user_id_index" on "sso_identities" ("user_id");`);
    this.addSql(
      `alter table "sso_identities" add constraint "sso_identities_connection_id_foreign" foreign key ("connection_id") references "sso_connections" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "sso_identities" add constraint "sso_identities_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `create table "sso_link_requests" ("token_hash" varchar(64) not null, "connection_id" uuid not null, "user_id" uuid not null, "issuer" varchar(500) not null, "subject" varchar(500) not null, "expires_at" timestamptz not null, "created_at" timestamptz not null default now(), primary key ("token_hash"));`,
    );
    this.addSql(`create index "sso_link_requests_expires_at_index" on "sso_link_requests" ("expires_at");`);
    this.addSql(`create index "sso_link_requests_user_id_index" on "sso_link_requests" ("user_id");`);
    this.addSql(
      `alter table "sso_link_requests" add constraint "sso_link_requests_connection_id_foreign" foreign key ("connection_id") references "sso_connections" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "sso_link_requests" add constraint "sso_link_requests_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "sso_login_requests" add column "link_user_id" uuid null;`);
    this.addSql(
      `alter table "sso_login_requests" add constraint "sso_login_requests_link_user_id_foreign" foreign key ("link_user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(`update "sso_connections" set "default_role" = 'viewer' where "default_role" = 'owner';`);
  }
}
