import { Migration } from '@mikro-orm/migrations';

/**
 * Inbound vendor requests already seen (Slack's signatures, within their five-minute window), so a
 * replay is refused in every API process; and organization chat feeds: an incident's updates posted
 * to one chat channel per routing rule or integration, one thread per incident and feed, each
 * domain event posted once per feed.
 */
export class Migration20261230050000SlackAndChatFeeds extends Migration {
  override name = '20261230050000-slack-and-chat-feeds';

  override up(): void {
    this.addSql(`create table "seen_request_signatures" (
      "vendor" varchar(16) not null,
      "signature" varchar(128) not null,
      "expires_at" timestamptz not null,
      primary key ("vendor", "signature"));`);
    this.addSql(`create index "seen_request_signatures_expires_index" on "seen_request_signatures" ("expires_at");`);
    this.addSql(`create table "chat_feeds" (
      "id" uuid not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "kind" varchar(16) not null,
      "target" varchar(255) not null,
      "routing_rule_id" uuid null references "routing_rules" ("id") on delete cascade,
      "integration_id" uuid null references "integrations" ("id") on delete cascade,
      "created_by_id" uuid null,
      "created_at" timestamptz not null,
      constraint "chat_feeds_one_source_check" check (num_nonnulls("routing_rule_id", "integration_id") = 1));`);
    this.addSql(`create index "chat_feeds_organization_index" on "chat_feeds" ("organization_id");`);
    this.addSql(`create table "chat_feed_threads" (
      "feed_id" uuid not null references "chat_feeds" ("id") on delete cascade,
      "incident_id" uuid not null references "incidents" ("id") on delete cascade,
      "thread_ref" text null,
      "created_at" timestamptz not null,
      primary key ("feed_id", "incident_id"));`);
    this.addSql(`create table "chat_feed_posts" (
      "feed_id" uuid not null references "chat_feeds" ("id") on delete cascade,
      "event_id" uuid not null,
      "posted_at" timestamptz not null,
      primary key ("feed_id", "event_id"));`);
  }

  override down(): void {
    this.addSql(`drop table if exists "chat_feed_posts";`);
    this.addSql(`drop table if exists "chat_feed_threads";`);
    this.addSql(`drop table if exists "chat_feeds";`);
    this.addSql(`drop table if exists "seen_request_signatures";`);
  }
}
