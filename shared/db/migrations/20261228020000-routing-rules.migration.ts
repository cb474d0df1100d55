import { Migration } from '@mikro-orm/migrations';

/**
 * Routing rules (ordered per organization: matchers, the escalation policy they choose and the
 * urgency), and what routing chose for each incident. Every change to a rule NOTIFYs
 * `tocsin_credentials` with `routing:<organization id>`, so each worker drops its cached rules.
 * A policy a rule names cannot be deleted (the API answers 409 first); the incident's recorded
 * rule and policy are kept as history even after either is deleted, as pages keep theirs.
 */
export class Migration20261228020000RoutingRules extends Migration {
  override name = '20261228020000-routing-rules';

  override up(): void {
    this.addSql(`create table "routing_rules" (
      "id" uuid not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "name" varchar(200) not null,
      "matchers" jsonb not null,
      "escalation_policy_id" uuid not null references "escalation_policies" ("id"),
      "urgency" varchar(8) not null,
      "enabled" boolean not null default true,
      "position" int not null,
      "created_by_id" uuid null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "routing_rules_urgency_check" check ("urgency" in ('high', 'low')));`);
    this.addSql(`create index "routing_rules_organization_id_position_index" on "routing_rules" ("organization_id", "position");`);
    this.addSql(`create index "routing_rules_escalation_policy_id_index" on "routing_rules" ("escalation_policy_id");`);
    // Each worker's routing-rule cache drops the organization's entry on this notification.
    this.addSql(
      `create trigger "routing_rules_notify_credentials" after insert or update or delete on "routing_rules" for each row execute function "tocsin_notify_credentials"('routing', 'organization_id');`,
    );
    this.addSql(
      `alter table "incidents" add column "routing_rule_id" uuid null, add column "escalation_policy_id" uuid null, add column "urgency" varchar(8) null;`,
    );
  }

  override down(): void {
    this.addSql(`alter table "incidents" drop column "routing_rule_id", drop column "escalation_policy_id", drop column "urgency";`);
    this.addSql(`drop table if exists "routing_rules";`);
  }
}
