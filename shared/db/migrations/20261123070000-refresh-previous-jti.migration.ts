import { Migration } from '@mikro-orm/migrations';

/**
 * The refresh token a session rotated away from last, so that two refreshes racing with the same
 * token (two browser tabs) both succeed for a few seconds instead of ending the session as reuse.
 */
export class Migration20261123070000RefreshPreviousJti extends Migration {
  override name = '20261123070000-refresh-previous-jti';

  override up(): void {
    this.addSql(`alter table "refresh_sessions" add column "previous_jti" varchar(64) null;`);
  }
}
