import { Migration } from '@mikro-orm/migrations';

/**
 * When a notification was mailed. Notification emails go out per relay batch, one workflow per
 * chunk of notifications; a retried send skips the rows already marked, so it mails each once.
 */
export class Migration20261201010000NotificationMailedAt extends Migration {
  override name = '20261201010000-notification-mailed-at';

  override up(): void {
    this.addSql(`alter table "notifications" add column "mailed_at" timestamptz null;`);
  }
}
