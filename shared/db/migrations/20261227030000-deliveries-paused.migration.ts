import { Migration } from '@mikro-orm/migrations';

/**
 * Outbound and inbound are separate switches: repeated failed deliveries pause an integration's
 * deliveries (`deliveries_paused_at`), never its inbound webhooks (`enabled`). Integrations the
 * former rule switched off (enabled false, status error, at least the failure threshold) are
 * switched back on with their deliveries paused instead, so their senders' alerts are accepted again.
 */
export class Migration20261227030000DeliveriesPaused extends Migration {
  override name = '20261227030000-deliveries-paused';

  override up(): void {
    this.addSql(`alter table "integrations" add column "deliveries_paused_at" timestamptz null;`);
    this.addSql(
      `update "integrations" set "enabled" = true, "deliveries_paused_at" = "updated_at"
       where not "enabled" and "status" = 'error' and "consecutive_failures" >= 10;`,
    );
  }

  override down(): void {
    this.addSql(`alter table "integrations" drop column "deliveries_paused_at";`);
  }
}
