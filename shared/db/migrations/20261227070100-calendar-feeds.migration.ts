import { Migration } from '@mikro-orm/migrations';

/** Personal calendar feeds: one per member, the URL's secret stored as its SHA-256, gone with the member. */
export class Migration20261227070100CalendarFeeds extends Migration {
  override name = '20261227070100-calendar-feeds';

  override up(): void {
    this.addSql(
      `create table "calendar_feeds" ("id" uuid not null, "organization_id" uuid not null references "organizations" ("id") on delete cascade, "user_id" uuid not null references "users" ("id") on delete cascade, "token_hash" varchar(64) not null, "created_at" timestamptz not null, primary key ("id"), constraint "calendar_feeds_user_id_unique" unique ("user_id"), constraint "calendar_feeds_token_hash_unique" unique ("token_hash"));`,
    );
  }
}
