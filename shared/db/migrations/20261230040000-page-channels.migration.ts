import { Migration } from '@mikro-orm/migrations';

/**
 * Page channels (push, SMS, voice, Slack, Matrix beside email and webhook): a contact method's
 * sealed part is generic JSON (`secret_sealed`, was the webhook's URL and headers) and a code
 * verification counts its wrong tries; the organization's connection per channel (sealed config,
 * public summary); chat identities linked to members, with the single-use link tokens spent; and
 * on each page what crash-safe sending needs: the claim's lease, resends, the sent message's ref.
 */
export class Migration20261230040000PageChannels extends Migration {
  override name = '20261230040000-page-channels';

  override up(): void {
    this.addSql(`alter table "contact_methods" rename column "webhook_sealed" to "secret_sealed";`);
    this.addSql(`alter table "contact_methods" add column "verification_attempts" int not null default 0;`);
    this.addSql(`alter table "pages"
      add column "claimed_until" timestamptz null,
      add column "attempts" int not null default 1,
      add column "resent_at" timestamptz null,
      add column "message_ref" text null,
      add column "sent_at" timestamptz null;`);
    // Pages left `sending` by a dead worker are found by this index when the activity retries.
    this.addSql(`create index "pages_sending_index" on "pages" ("incident_id") where "status" = 'sending';`);
    this.addSql(`create table "channel_connections" (
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "kind" varchar(16) not null,
      "config_sealed" text not null,
      "summary" jsonb not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      primary key ("organization_id", "kind"));`);
    this.addSql(`create table "channel_identities" (
      "id" uuid not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "kind" varchar(16) not null,
      "external_id" varchar(255) not null,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "external_name" varchar(255) null,
      "created_at" timestamptz not null);`);
    this.addSql(
      `create unique index "channel_identities_organization_kind_external_unique" on "channel_identities" ("organization_id", "kind", "external_id");`,
    );
    this.addSql(`create index "channel_identities_user_index" on "channel_identities" ("user_id");`);
    this.addSql(`create table "channel_link_redemptions" (
      "nonce" varchar(64) not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "redeemed_at" timestamptz not null);`);
  }

  override down(): void {
    this.addSql(`drop table if exists "channel_link_redemptions";`);
    this.addSql(`drop table if exists "channel_identities";`);
    this.addSql(`drop table if exists "channel_connections";`);
    this.addSql(`drop index if exists "pages_sending_index";`);
    this.addSql(
      `alter table "pages" drop column "claimed_until", drop column "attempts", drop column "resent_at", drop column "message_ref", drop column "sent_at";`,
    );
    this.addSql(`alter table "contact_methods" drop column "verification_attempts";`);
    this.addSql(`alter table "contact_methods" rename column "secret_sealed" to "webhook_sealed";`);
  }
}
