import { Migration } from '@mikro-orm/migrations';

/**
 * Every change to an organization's channel connections NOTIFYs `tocsin_credentials` with
 * `channels:<organization id>`, so the workers' Matrix supervisors start, restart or stop that
 * organization's sync loop at once instead of at their next scan.
 */
export class Migration20261231010000ChannelConnectionsNotify extends Migration {
  override name = '20261231010000-channel-connections-notify';

  override up(): void {
    this.addSql(
      `create trigger "channel_connections_notify_credentials" after insert or update or delete on "channel_connections" for each row execute function "tocsin_notify_credentials"('channels', 'organization_id');`,
    );
  }

  override down(): void {
    this.addSql(`drop trigger if exists "channel_connections_notify_credentials" on "channel_connections";`);
  }
}
