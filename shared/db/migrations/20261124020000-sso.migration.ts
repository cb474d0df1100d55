import { Migration } from '@mikro-orm/migrations';

/**
 * Single sign-on. `sso_connections` are tenant-owned; their secrets (OIDC client secret, SAML SP
 * private key) live sealed in `secrets_ciphertext`. `sso_domains` holds each email domain once
 * across all organizations, so `?email=` names one connection. `sso_login_requests` (state, nonce,
 * PKCE verifier, SAML request id) and `sso_assertions` (SAML assertion ids until they expire) are
 * read before any organization is known, keyed by values nobody can guess, and consumed with a
 * single DELETE/INSERT so each is used once even across API processes.
 */
export class Migration20261124020000Sso extends Migration {
  override name = '20261124020000-sso';

  override up(): void {
    this.addSql(
      `create table "sso_connections" ("id" uuid not null, "organization_id" uuid not null, "name" varchar(200) not null, "kind" varchar(16) not null, "domains" jsonb not null default '[]', "default_role" varchar(32) not null, "enabled" boolean not null default true, "config" jsonb not null default '{}', "secrets_ciphertext" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "sso_connections_organization_id_index" on "sso_connections" ("organization_id");`);
    this.addSql(
      `alter table "sso_connections" add constraint "sso_connections_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`,
    );
    this.addSql(`create table "sso_domains" ("domain" varchar(253) not null, "connection_id" uuid not null, primary key ("domain"));`);
    this.addSql(`create index "sso_domains_connection_id_index" on "sso_domains" ("connection_id");`);
    this.addSql(
      `alter table "sso_domains" add constraint "sso_domains_connection_id_foreign" foreign key ("connection_id") references "sso_connections" ("id") on delete cascade;`,
    );
    this.addSql(
      `create table "sso_login_requests" ("state_hash" varchar(64) not null, "connection_id" uuid not null, "nonce" varchar(128) null, "code_verifier_ciphertext" text null, "saml_request_id" varchar(256) null, "redirect_to" varchar(2000) null, "expires_at" timestamptz not null, "created_at" timestamptz not null default now(), primary key ("state_hash"));`,
    );
    this.addSql(`create index "sso_login_requests_expires_at_index" on "sso_login_requests" ("expires_at");`);
    this.addSql(
      `alter table "sso_login_requests" add constraint "sso_login_requests_connection_id_foreign" foreign key ("connection_id") references "sso_connections" ("id") on delete cascade;`,
    );
    this.addSql(
      `create table "sso_assertions" ("connection_id" uuid not null, "assertion_id" varchar(256) not null, "expires_at" timestamptz not null, primary key ("connection_id", "assertion_id"));`,
    );
    this.addSql(`create index "sso_assertions_expires_at_index" on "sso_assertions" ("expires_at");`);
    this.addSql(
      `alter table "sso_assertions" add constraint "sso_assertions_connection_id_foreign" foreign key ("connection_id") references "sso_connections" ("id") on delete cascade;`,
    );
  }
}
