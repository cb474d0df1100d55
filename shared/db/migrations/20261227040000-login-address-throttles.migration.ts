import { Migration } from '@mikro-orm/migrations';

/**
 * Failed logins per client address (IPv4, or an IPv6 /64) in the current window, across every
 * account: one address trying many emails is throttled although no single account locks.
 */
export class Migration20261227040000LoginAddressThrottles extends Migration {
  override name = '20261227040000-login-address-throttles';

  override up(): void {
    this.addSql(
      `create table "login_address_throttles" ("address" varchar(64) not null, "failures" int not null, "window_started_at" timestamptz not null, primary key ("address"));`,
    );
    this.addSql(`create index "login_address_throttles_window_started_at_index" on "login_address_throttles" ("window_started_at");`);
  }
}
