import { Migration } from '@mikro-orm/migrations';

/**
 * Every statement that writes domain events NOTIFYs `tocsin_outbox` (empty payload) at its
 * commit, so the outbox relay wakes at once instead of at its next idle poll. One notification
 * per statement, and PostgreSQL folds identical ones of a transaction into one.
 */
export class Migration20261229060000OutboxNotify extends Migration {
  override name = '20261229060000-outbox-notify';

  override up(): void {
    this.addSql(`create or replace function "tocsin_notify_outbox"() returns trigger language plpgsql as $$
      begin
        perform pg_notify('tocsin_outbox', '');
        return null;
      end $$;`);
    this.addSql(
      `create trigger "domain_events_notify_outbox" after insert on "domain_events" for each statement execute function "tocsin_notify_outbox"();`,
    );
  }

  override down(): void {
    this.addSql(`drop trigger if exists "domain_events_notify_outbox" on "domain_events";`);
    this.addSql(`drop function if exists "tocsin_notify_outbox"();`);
  }
}
