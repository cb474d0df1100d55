import { Migration } from '@mikro-orm/migrations';

/**
 * The `@assistant` questions each organization asked in the current hour (ASSISTANT_REQUESTS_PER_HOUR):
 * one row per organization, reset when a new hour starts, so the table never grows with time.
 */
export class Migration20261227050000AssistantQuota extends Migration {
  override name = '20261227050000-assistant-quota';

  override up(): void {
    this.addSql(
      `create table "assistant_quota" ("organization_id" uuid not null references "organizations" ("id") on delete cascade, "window_start" timestamptz not null, "used" int not null, primary key ("organization_id"));`,
    );
  }

  override down(): void {
    this.addSql('drop table if exists "assistant_quota";');
  }
}
