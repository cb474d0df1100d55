import { Migration } from '@mikro-orm/migrations';

/**
 * An integration's reopen window: a firing alert within it of its incident resolving reopens that
 * incident (a new escalation cycle) instead of opening a new one; null: its flap window, if any.
 * Its writes NOTIFY `grouping:<organization id>` like grouping and flapping, so workers drop their
 * cached settings.
 */
export class Migration20261231130000IntegrationReopenWindow extends Migration {
  override name = '20261231130000-integration-reopen-window';

  override up(): void {
    this.addSql(`alter table "integrations" add column "reopen_window_minutes" int null;`);
    this.addSql(`drop trigger if exists "integrations_grouping_notify_credentials" on "integrations";`);
    this.addSql(
      `create trigger "integrations_grouping_notify_credentials" after insert or update of "grouping", "flapping", "reopen_window_minutes" or delete on "integrations" for each row execute function "tocsin_notify_credentials"('grouping', 'organization_id');`,
    );
  }

  override down(): void {
    this.addSql(`drop trigger if exists "integrations_grouping_notify_credentials" on "integrations";`);
    this.addSql(
      `create trigger "integrations_grouping_notify_credentials" after insert or update of "grouping", "flapping" or delete on "integrations" for each row execute function "tocsin_notify_credentials"('grouping', 'organization_id');`,
    );
    this.addSql(`alter table "integrations" drop column "reopen_window_minutes";`);
  }
}
