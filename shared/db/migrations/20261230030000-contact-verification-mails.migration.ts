import { Migration } from '@mikro-orm/migrations';

/**
 * When a verification link was last mailed to an address, per organization: the once-a-minute limit
 * holds across creating and deleting contact methods, not only across resends of one method.
 */
export class Migration20261230030000ContactVerificationMails extends Migration {
  override name = '20261230030000-contact-verification-mails';

  override up(): void {
    this.addSql(
      `create table "contact_verification_mails" ("organization_id" uuid not null references "organizations" ("id") on delete cascade, "address" varchar(320) not null, "last_sent_at" timestamptz not null, primary key ("organization_id", "address"));`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "contact_verification_mails";`);
  }
}
