import { Migration } from '@mikro-orm/migrations';

/**
 * Acknowledgement timeouts and snoozes: a policy (or a routing rule, overriding it) may send an
 * incident acknowledged for too long back to `active`; an acknowledged incident may be snoozed
 * until a time, when it pages again. Null: no timeout, not snoozed.
 */
export class Migration20261231050000AcknowledgementTimeouts extends Migration {
  override name = '20261231050000-acknowledgement-timeouts';

  override up(): void {
    this.addSql(`alter table "escalation_policies" add column "ack_timeout_minutes" double precision null;`);
    this.addSql(`alter table "routing_rules" add column "ack_timeout_minutes" double precision null;`);
    this.addSql(`alter table "incidents" add column "snoozed_until" timestamptz null;`);
  }

  override down(): void {
    this.addSql(`alter table "incidents" drop column "snoozed_until";`);
    this.addSql(`alter table "routing_rules" drop column "ack_timeout_minutes";`);
    this.addSql(`alter table "escalation_policies" drop column "ack_timeout_minutes";`);
  }
}
