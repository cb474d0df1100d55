import { Migration } from '@mikro-orm/migrations';

/**
 * Search: knowledge-base articles, submitted log lines, and `search_documents`, the embedded
 * search backend used when ELASTICSEARCH_URL is unset (weighted tsvector for keywords, `real[]`
 * unit vectors for cosine: pgvector is not part of the embedded PostgreSQL).
 */
export class Migration20261122050000Search extends Migration {
  override name = '20261122050000-search';

  override up(): void {
    this.addSql(
      `create table "knowledge_articles" ("id" uuid not null, "organization_id" uuid not null, "title" varchar(500) not null, "body" text not null, "tags" jsonb not null default '[]', "author_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "knowledge_articles_organization_id_index" on "knowledge_articles" ("organization_id");`);
    this.addSql(
      `alter table "knowledge_articles" add constraint "knowledge_articles_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `create table "log_entries" ("id" uuid not null, "organization_id" uuid not null, "timestamp" timestamptz not null, "level" varchar(16) not null, "message" text not null, "service" varchar(200) not null, "attributes" jsonb not null default '{}', "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "log_entries" add constraint "log_entries_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(`create index "log_entries_organization_timestamp_index" on "log_entries" ("organization_id", "timestamp" desc);`);
    this.addSql(`create index "log_entries_message_search_index" on "log_entries" using gin (to_tsvector('english', "message"));`);
    this.addSql(
      `create table "search_documents" ("organization_id" uuid not null, "type" varchar(16) not null, "id" varchar(64) not null, "title" text not null, "body" text not null, "severity" varchar(16) null, "status" varchar(16) null, "created_at" timestamptz not null, "model" varchar(200) not null, "embedding" real[] not null, "indexed_at" timestamptz not null, "tsv" tsvector generated always as (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "body"), 'B')) stored, primary key ("organization_id", "type", "id"));`,
    );
    this.addSql(
      `alter table "search_documents" add constraint "search_documents_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`,
    );
    this.addSql(`create index "search_documents_tsv_index" on "search_documents" using gin ("tsv");`);
  }
}
