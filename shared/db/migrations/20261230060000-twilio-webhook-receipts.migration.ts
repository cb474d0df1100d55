import { Migration } from '@mikro-orm/migrations';

/**
 * Twilio signs no timestamp, so a captured webhook stays valid forever: each inbound SMS (MessageSid)
 * and each key pressed on a call (CallSid) is acted on once, and a replay changes nothing. The index
 * finds replies to the number a member was paged on.
 */
export class Migration20261230060000TwilioWebhookReceipts extends Migration {
  override name = '20261230060000-twilio-webhook-receipts';

  override up(): void {
    this.addSql(`create table "twilio_webhook_receipts" (
      "sid" varchar(64) not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "received_at" timestamptz not null);`);
    this.addSql(`create index "twilio_webhook_receipts_received_at_index" on "twilio_webhook_receipts" ("received_at");`);
    this.addSql(
      `create index "contact_methods_phone_index" on "contact_methods" ("organization_id", "address") where "type" in ('sms', 'voice');`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "contact_methods_phone_index";`);
    this.addSql(`drop table if exists "twilio_webhook_receipts";`);
  }
}
