import { Migration } from '@mikro-orm/migrations';

/**
 * Postmortems: at most one per incident, Markdown the team edits (first generated from the
 * incident), moving from draft to in review to published; and its action items, each with an
 * owner (a member of the organization), a due date and a done flag.
 */
export class Migration20261231160000Postmortems extends Migration {
  override name = '20261231160000-postmortems';

  override up(): void {
    this.addSql(`create table "postmortems" (
      "id" uuid not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "incident_id" uuid not null references "incidents" ("id") on delete cascade,
      "title" text not null,
      "status" text not null default 'draft' check ("status" in ('draft', 'in_review', 'published')),
      "content" text not null,
      "created_by" uuid null references "users" ("id") on delete set null,
      "published_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(`create unique index "postmortems_incident_unique" on "postmortems" ("incident_id");`);
    this.addSql(`create index "postmortems_organization_index" on "postmortems" ("organization_id", "created_at");`);
    this.addSql(`create table "postmortem_action_items" (
      "id" uuid not null primary key,
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "postmortem_id" uuid not null references "postmortems" ("id") on delete cascade,
      "title" text not null,
      "owner_id" uuid null references "users" ("id") on delete set null,
      "due_date" date null,
      "done" boolean not null default false,
      "done_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(`create index "postmortem_action_items_postmortem_index" on "postmortem_action_items" ("postmortem_id", "created_at");`);
    this.addSql(
      `create index "postmortem_action_items_owner_index" on "postmortem_action_items" ("organization_id", "owner_id") where not "done";`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "postmortem_action_items";`);
    this.addSql(`drop table if exists "postmortems";`);
  }
}
