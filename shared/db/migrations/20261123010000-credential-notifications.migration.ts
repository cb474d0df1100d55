import { Migration } from '@mikro-orm/migrations';

/**
 * Every change that alters what authenticating a request reads NOTIFYs `tocsin_credentials` with
 * the tag of what changed, so each API process drops it from its credential cache. Triggers, not
 * application code, send it: they fire inside the writer's transaction (delivered at commit, not
 * before), for every writer — cascaded deletes and a plan changed by hand or by billing included.
 * Column lists leave out what requests do not read (password hash, `last_used_at`, settings).
 */
export class Migration20261123010000CredentialNotifications extends Migration {
  override name = '20261123010000-credential-notifications';

  override up(): void {
    // TG_ARGV: the tag's prefix and the column holding the id.
    this.addSql(`create function "tocsin_notify_credentials"() returns trigger language plpgsql as $$
begin
  perform pg_notify('tocsin_credentials', tg_argv[0] || ':' || (to_jsonb(case when tg_op = 'DELETE' then old else new end) ->> tg_argv[1]));
  return null;
end $$;`);
    this.addSql(
      `create trigger "users_notify_credentials" after update of "role", "name", "email", "email_verified_at", "organization_id" or delete on "users" for each row execute function "tocsin_notify_credentials"('user', 'id');`,
    );
    this.addSql(
      `create trigger "session_cutoffs_notify_credentials" after insert or update or delete on "session_cutoffs" for each row execute function "tocsin_notify_credentials"('user', 'user_id');`,
    );
    this.addSql(
      `create trigger "revoked_tokens_notify_credentials" after insert on "revoked_tokens" for each row execute function "tocsin_notify_credentials"('jti', 'jti');`,
    );
    this.addSql(
      `create trigger "api_keys_notify_credentials" after update of "revoked_at", "expires_at", "permissions", "key_hash", "organization_id", "created_by_id" or delete on "api_keys" for each row execute function "tocsin_notify_credentials"('key', 'id');`,
    );
    this.addSql(
      `create trigger "organizations_notify_credentials" after update of "plan" or delete on "organizations" for each row execute function "tocsin_notify_credentials"('org', 'id');`,
    );
  }
}
