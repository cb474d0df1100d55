import { Migration } from '@mikro-orm/migrations';

/**
 * Where each organization's Matrix bot left off reading its rooms (`/sync`'s `since` token), for
 * which bot account, and which worker holds the organization's sync loop (a lease, so two workers
 * never act on one reply twice).
 */
export class Migration20261230070000MatrixSyncState extends Migration {
  override name = '20261230070000-matrix-sync-state';

  override up(): void {
    this.addSql(`create table "matrix_sync_state" (
      "organization_id" uuid not null primary key references "organizations" ("id") on delete cascade,
      "account" varchar(64) not null,
      "since_token" text null,
      "lease_owner" varchar(64) null,
      "lease_until" timestamptz null,
      "updated_at" timestamptz not null);`);
  }

  override down(): void {
    this.addSql(`drop table if exists "matrix_sync_state";`);
  }
}
