import { Migration } from '@mikro-orm/migrations';

/**
 * The incident detail's `analysis` (similar incidents, suggested procedures), computed by the
 * worker off the read path: the stored result, when it was computed, and a hash of the text it
 * was computed from, so a storm of alerts that leaves the text alone does not recompute it.
 *
 * The outbox relay looks up each incident's previous event (`incident_id`, then `id` descending,
 * limit 1) for assignment notices: an index on both makes that one index probe, however many
 * events the incident has.
 */
export class Migration20261123030000IncidentAnalysis extends Migration {
  override name = '20261123030000-incident-analysis';

  override up(): void {
    this.addSql(
      `alter table "incidents" add column "analysis" jsonb not null default '{}', add column "analyzed_at" timestamptz null, add column "analysis_text_hash" varchar(64) null;`,
    );
    this.addSql(`create index "domain_events_incident_id_id_index" on "domain_events" ("incident_id", "id");`);
  }
}
