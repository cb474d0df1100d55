import { Migration } from '@mikro-orm/migrations';

/**
 * Escalation cycles: an incident that reopens, or is reassigned, pages again in a new cycle with its
 * own workflow. Pages are unique per (incident, cycle, round, level, user, rule) so a new cycle's
 * level 1 is not mistaken for the old one's; existing incidents and pages are cycle 1.
 */
export class Migration20261228060000EscalationCycles extends Migration {
  override name = '20261228060000-escalation-cycles';

  override up(): void {
    this.addSql(`alter table "incidents" add column "escalation_cycle" int not null default 1;`);
    this.addSql(`alter table "pages" add column "cycle" int not null default 1;`);
    this.addSql(`drop index if exists "pages_incident_round_level_user_rule_unique";`);
    this.addSql(
      `create unique index "pages_incident_cycle_round_level_user_rule_unique" on "pages" ("incident_id", "cycle", "round", "level", "user_id", (coalesce("rule_id", '00000000-0000-0000-0000-000000000000'::uuid)));`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "pages_incident_cycle_round_level_user_rule_unique";`);
    this.addSql(`delete from "pages" where "cycle" > 1;`);
    this.addSql(`alter table "pages" drop column "cycle";`);
    this.addSql(`alter table "incidents" drop column "escalation_cycle";`);
    this.addSql(
      `create unique index "pages_incident_round_level_user_rule_unique" on "pages" ("incident_id", "round", "level", "user_id", (coalesce("rule_id", '00000000-0000-0000-0000-000000000000'::uuid)));`,
    );
  }
}
