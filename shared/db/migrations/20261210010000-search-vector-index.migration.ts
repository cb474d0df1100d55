import { Migration } from '@mikro-orm/migrations';

/**
 * An HNSW index for semantic search on PostgreSQL, when pgvector is there: the embedded server
 * with `npm run pgvector:install` (npm start and CI do it), the `pgvector/pgvector` image of
 * docker compose and the Helm chart. Without the extension, or without the right to create it (a
 * managed database), nothing changes and shared/search/engine/postgres-index.ts keeps its exact scan.
 *
 * `embedding_vector` is generated from the `real[]` embedding (384 dimensions: the local models;
 * other sizes stay null and are scanned exactly), so every writer fills it and the existing rows are
 * backfilled by the table rewrite. Vectors are unit length: inner product (`<#>`) ranks as cosine.
 *
 * The index holds every organization; a query's filters (organization, model, types, fields) are
 * applied to what the graph walk yields, so the database settles on pgvector 0.8's iterative scan
 * (`strict_order`: the walk goes on until the LIMIT is met, in exact distance order) and a search
 * list (ef_search) of 100, past the 50 candidates hybrid search asks for (fusionDepth). Set per
 * database, so a query costs no extra round trip; a role that may not alter the database (a notice
 * says so) gets the defaults, and postgres-index.ts completes short answers with the exact scan.
 */
export class Migration20261210010000SearchVectorIndex extends Migration {
  override name = '20261210010000-search-vector-index';

  override up(): void {
    this.addSql(`do $$
begin
  if not exists (select 1 from pg_available_extensions where name = 'vector') then
    raise notice 'pgvector is not available: semantic search keeps its exact scan';
    return;
  end if;
  begin
    create extension if not exists vector;
  exception when insufficient_privilege or undefined_file or feature_not_supported or object_not_in_prerequisite_state then
    raise notice 'pgvector could not be created (%): semantic search keeps its exact scan', sqlerrm;
    return;
  end;
  -- The graph of an existing table is built in memory when it fits (else much slower, on disk).
  perform set_config('maintenance_work_mem', '256MB', true);
  execute 'alter table search_documents add column if not exists embedding_vector vector(384)
    generated always as (case when cardinality(embedding) = 384 then embedding::vector(384) end) stored';
  execute 'create index if not exists search_documents_embedding_hnsw_index on search_documents
    using hnsw (embedding_vector vector_ip_ops)';
  -- This session (a pool connection that stays open) too: the database's settings apply to new ones.
  perform set_config('hnsw.iterative_scan', 'strict_order', false), set_config('hnsw.ef_search', '100', false);
  begin
    execute format('alter database %I set hnsw.iterative_scan = strict_order', current_database());
    execute format('alter database %I set hnsw.ef_search = 100', current_database());
  exception when insufficient_privilege then
    raise notice 'cannot alter database %: set hnsw.iterative_scan = strict_order and hnsw.ef_search = 100 for the role instead', current_database();
  end;
end $$;`);
  }
}
