import { Migration } from '@mikro-orm/migrations';

/**
 * Automatic remediation: a routing rule may name a runbook (procedure) to start when an incident it
 * routes opens, with or without approval of the steps that change systems, and whether its success
 * resolves the incident. An execution started this way names its rule; at most one per incident
 * (the partial unique index), whatever restarts happen in between.
 */
export class Migration20261231140100RoutingRemediation extends Migration {
  override name = '20261231140100-routing-remediation';

  override up(): void {
    this.addSql(`alter table "routing_rules"
      add column "remediation_procedure_id" uuid null references "procedures" ("id") on delete set null,
      add column "remediation_auto_approve" boolean not null default false,
      add column "remediation_resolves" boolean not null default true;`);
    this.addSql(`create index "routing_rules_remediation_procedure_id_index" on "routing_rules" ("remediation_procedure_id");`);
    this.addSql(`alter table "executions" add column "routing_rule_id" uuid null;`);
    this.addSql(
      `create unique index "executions_remediation_incident_unique" on "executions" ("incident_id") where "routing_rule_id" is not null;`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "executions_remediation_incident_unique";`);
    this.addSql(`alter table "executions" drop column if exists "routing_rule_id";`);
    this.addSql(
      `alter table "routing_rules" drop column if exists "remediation_procedure_id", drop column if exists "remediation_auto_approve", drop column if exists "remediation_resolves";`,
    );
  }
}
