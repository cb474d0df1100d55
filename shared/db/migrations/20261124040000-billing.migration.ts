import { Migration } from '@mikro-orm/migrations';

/**
 * Billing: usage counted per organization, calendar month and metric (the API adds batched
 * deltas, never a write per request); the subscription behind a paid plan; and the provider
 * events already applied, so a replayed webhook changes nothing twice. The plan itself stays in
 * `organizations.plan`, whose trigger (20261123010000) already tells every API process.
 */
export class Migration20261124040000Billing extends Migration {
  override name = '20261124040000-billing';

  override up(): void {
    this.addSql(
      `create table "usage_counters" ("organization_id" uuid not null references "organizations" ("id") on delete cascade, "period_start" date not null, "metric" varchar(32) not null, "count" bigint not null default 0, primary key ("organization_id", "period_start", "metric"));`,
    );
    this.addSql(
      `create table "billing_subscriptions" ("organization_id" uuid not null references "organizations" ("id") on delete cascade, "status" varchar(32) not null, "customer_id" varchar(255) null, "subscription_id" varchar(255) null, "updated_at" timestamptz not null default now(), primary key ("organization_id"));`,
    );
    this.addSql(`create index "billing_subscriptions_subscription_id_index" on "billing_subscriptions" ("subscription_id");`);
    this.addSql(
      `create table "billing_events" ("id" varchar(255) not null, "type" varchar(100) not null, "organization_id" uuid null, "received_at" timestamptz not null default now(), primary key ("id"));`,
    );
  }
}
