import { Migration } from '@mikro-orm/migrations';

/**
 * Sessions as refresh-token families. Login starts one (`id`, the `sid` claim of its tokens);
 * every refresh replaces `current_jti`, so presenting an earlier refresh token of the family is a
 * reuse: the family is revoked (`revoked_at`), which also refuses its access tokens. Not
 * tenant-owned (read by user and token before any organization is known); goes with its user.
 * A revoked or deleted family NOTIFYs `sess:<id>` on the credential channel.
 */
export class Migration20261123060000SessionFamilies extends Migration {
  override name = '20261123060000-session-families';

  override up(): void {
    this.addSql(
      `create table "refresh_sessions" ("id" uuid not null, "user_id" uuid not null, "current_jti" varchar(64) not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "created_at" timestamptz not null default now(), "rotated_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "refresh_sessions_user_id_index" on "refresh_sessions" ("user_id");`);
    this.addSql(`create index "refresh_sessions_expires_at_index" on "refresh_sessions" ("expires_at");`);
    this.addSql(
      `alter table "refresh_sessions" add constraint "refresh_sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `create trigger "refresh_sessions_notify_credentials" after update of "revoked_at" or delete on "refresh_sessions" for each row execute function "tocsin_notify_credentials"('sess', 'id');`,
    );
  }
}
