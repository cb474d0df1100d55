import { Migration } from '@mikro-orm/migrations';

/**
 * `alerts.receipt_key`: the delivery an alert came in (and its place in it), so the bucket
 * ingestion workflow recognises a sender's retry in SQL instead of remembering receipt keys in its
 * history. The partial index serves that lookup only (older rows have no key).
 */
export class Migration20261229010000AlertReceiptKeys extends Migration {
  override name = '20261229010000-alert-receipt-keys';

  override async up(): Promise<void> {
    this.addSql(`alter table "alerts" add column "receipt_key" varchar(64) null;`);
    this.addSql(
      `create index "alerts_receipt_key_index" on "alerts" ("organization_id", "receipt_key", "received_at") where "receipt_key" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "alerts_receipt_key_index";`);
    this.addSql(`alter table "alerts" drop column if exists "receipt_key";`);
  }
}
