import { Migration } from '@mikro-orm/migrations';

/**
 * Incident chat. An assistant answer names the message it answers (`reply_to_id`, unique), so a
 * retried or re-run reply activity stores it once.
 */
export class Migration20261124040100IncidentChat extends Migration {
  override name = '20261124040100-incident-chat';

  override up(): void {
    this.addSql(
      `create table "incident_messages" ("id" uuid not null, "organization_id" uuid not null references "organizations" ("id") on delete cascade, "incident_id" uuid not null references "incidents" ("id") on delete cascade, "author_id" uuid null, "author_kind" varchar(16) not null, "body" text not null, "reply_to_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "incident_messages_incident_id_id_index" on "incident_messages" ("incident_id", "id");`);
    this.addSql(
      `create unique index "incident_messages_reply_to_id_unique" on "incident_messages" ("reply_to_id") where "reply_to_id" is not null;`,
    );
  }
}
