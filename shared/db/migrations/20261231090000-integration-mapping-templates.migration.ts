import { Migration } from '@mikro-orm/migrations';

/** A generic_json integration's JSONata template, which turns any JSON body into alerts. */
export class Migration20261231090000IntegrationMappingTemplates extends Migration {
  override name = '20261231090000-integration-mapping-templates';

  override up(): void {
    this.addSql(`alter table "integrations" add column "mapping_template" text null;`);
  }

  override down(): void {
    this.addSql(`alter table "integrations" drop column if exists "mapping_template";`);
  }
}
