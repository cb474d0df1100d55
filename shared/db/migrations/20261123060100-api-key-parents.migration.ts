import { Migration } from '@mikro-orm/migrations';

/**
 * The key a key was created with (null when a user created it). Revoking a key revokes the keys
 * it minted, recursively (api-key.service.ts); a hard delete cascades the same way. Revocations
 * NOTIFY through the existing `api_keys_notify_credentials` trigger, one `key:<id>` per row.
 */
export class Migration20261123060100ApiKeyParents extends Migration {
  override name = '20261123060100-api-key-parents';

  override up(): void {
    this.addSql(`alter table "api_keys" add column "created_by_key_id" uuid null;`);
    this.addSql(`create index "api_keys_created_by_key_id_index" on "api_keys" ("created_by_key_id");`);
    this.addSql(
      `alter table "api_keys" add constraint "api_keys_created_by_key_id_foreign" foreign key ("created_by_key_id") references "api_keys" ("id") on delete cascade;`,
    );
  }
}
