import { Migration } from '@mikro-orm/migrations';

/**
 * The planner's statistics of `search_documents.tsv` (each common lexeme's share of rows) as a
 * PL/pgSQL function, so that the keyword side's statement (shared/search/engine/postgres-index.ts)
 * reads them through a plan each connection makes once: planning the `pg_stats` view inline cost
 * about a millisecond per search, more than the rest of a short search's planning and as much as
 * ranking about 900 rows. It runs with the caller's rights, so `pg_stats` shows it what it
 * showed the statement before.
 */
export class Migration20261231200000SearchKeywordStatistics extends Migration {
  override name = '20261231200000-search-keyword-statistics';

  override up(): void {
    this.addSql(`create or replace function "search_tsv_statistics"()
      returns table ("lexemes" text[], "shares" real[], "rows" real)
      language plpgsql stable as $$
      begin
        return query
          select s.most_common_elems::text::text[], s.most_common_elem_freqs, c.reltuples
          from pg_stats s
          join pg_namespace n on n.nspname = s.schemaname
          join pg_class c on c.relnamespace = n.oid and c.relname = s.tablename
          where s.schemaname = current_schema() and s.tablename = 'search_documents' and s.attname = 'tsv';
      end $$;`);
  }

  override down(): void {
    this.addSql(`drop function if exists "search_tsv_statistics"();`);
  }
}
