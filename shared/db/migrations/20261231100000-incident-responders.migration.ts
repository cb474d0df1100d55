import { Migration } from '@mikro-orm/migrations';

/**
 * Responders: people asked to help on an incident (directly, as a schedule's on-call or a policy's
 * first level), each once per incident, who accept or decline. Their pages live in `pages` with
 * cycle 0 (escalation cycles count from 1) and the responder's id, so each is sent exactly once.
 */
export class Migration20261231100000IncidentResponders extends Migration {
  override name = '20261231100000-incident-responders';

  override up(): void {
    this.addSql(`create table "incident_responders" (
      "id" uuid not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "incident_id" uuid not null references "incidents" ("id") on delete cascade,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "requested_by" uuid null references "users" ("id") on delete set null,
      "message" text null,
      "via_type" text not null check ("via_type" in ('user', 'schedule', 'escalation_policy')),
      "via_id" uuid not null,
      "status" text not null default 'requested' check ("status" in ('requested', 'accepted', 'declined')),
      "responded_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(`create unique index "incident_responders_incident_user_unique" on "incident_responders" ("incident_id", "user_id");`);
    this.addSql(`create index "incident_responders_organization_index" on "incident_responders" ("organization_id");`);
    this.addSql(`alter table "pages" add column "responder_id" uuid null references "incident_responders" ("id") on delete set null;`);
  }

  override down(): void {
    this.addSql(`alter table "pages" drop column if exists "responder_id";`);
    this.addSql(`drop table if exists "incident_responders";`);
  }
}
