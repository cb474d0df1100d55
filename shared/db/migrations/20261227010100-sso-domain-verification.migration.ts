import { Migration } from '@mikro-orm/migrations';

/**
 * Email domains route sign-ins only once verified by DNS. A claim is (connection, domain) with the
 * token its TXT record must hold; any number of connections may claim a domain, one at most holds
 * it verified (partial unique index). Claims made before verification existed start unverified.
 */
export class Migration20261227010100SsoDomainVerification extends Migration {
  override name = '20261227010100-sso-domain-verification';

  override up(): void {
    this.addSql(`alter table "sso_domains" add column "token" varchar(64) null, add column "verified_at" timestamptz null;`);
    this.addSql(
      `update "sso_domains" set "token" = replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');`,
    );
    this.addSql(`alter table "sso_domains" alter column "token" set not null;`);
    this.addSql(`alter table "sso_domains" drop constraint "sso_domains_pkey";`);
    this.addSql(`alter table "sso_domains" add primary key ("connection_id", "domain");`);
    this.addSql(`create index "sso_domains_domain_index" on "sso_domains" ("domain");`);
    this.addSql(`create unique index "sso_domains_verified_domain_unique" on "sso_domains" ("domain") where "verified_at" is not null;`);
  }
}
