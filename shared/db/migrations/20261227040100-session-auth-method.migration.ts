import { Migration } from '@mikro-orm/migrations';

/**
 * How each session began (`password` or `sso`), so that turning `sso_required` on can end the
 * password sessions of everyone it applies to. Sessions from before the column have none and
 * count as password sessions.
 */
export class Migration20261227040100SessionAuthMethod extends Migration {
  override name = '20261227040100-session-auth-method';

  override up(): void {
    this.addSql(`alter table "refresh_sessions" add column "auth_method" varchar(16) null;`);
  }
}
