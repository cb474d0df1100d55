import type { Embedder } from './embedder.ts';
import { embeddingText, fuse, fusionDepth, fusionFor, snippetOf, type Candidate, type FusionParams } from './fusion.ts';
import { escapeHtml } from './highlight.ts';
import { keywordQueryText } from './keyword-query.ts';
import type { SearchHit, SearchIndex, SearchRequest } from './search-index.ts';
import { highlightCandidates } from './term-highlights.ts';

/** Runs one SQL statement with `?` placeholders and returns its rows. */
export type SqlRunner = (sql: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

// An array literal: the ORM would expand a JS array parameter into a list of placeholders. Components
// too small for `real` (which rejects them as an underflow) contribute nothing to a dot product anyway.
const pgArray = (vector: number[]): string => `{${vector.map((x) => (Math.abs(x) < 1e-30 ? '0' : x.toPrecision(8))).join(',')}}`;

/** The words of a query as an OR tsquery (like BM25's default operator), so a pasted log still matches. */
export function orTsQuery(text: string): string {
  const words = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [])].filter((word) => word.length > 1).slice(0, 64);
  return words.join(' | ');
}

/**
 * The embedded backend (no ELASTICSEARCH_URL): table `search_documents` in Tocsin's own PostgreSQL.
 * Keyword: a weighted tsvector (title A, body B) ranked by ts_rank. Semantic: vectors stored as
 * `real[]` (pgvector is not in the embedded PostgreSQL), unit length, so cosine is the dot product
 * computed in SQL over the organization's rows of the same model: exact, and fast enough for the
 * tens of thousands of documents one organization keeps here; Elasticsearch's HNSW is the way past that.
 */
export function createPostgresSearchIndex(options: { sql: SqlRunner; embedder: Embedder; fusion?: FusionParams }): SearchIndex & {
  candidates(request: SearchRequest, depth: number): Promise<{ keyword: Candidate[]; semantic: Candidate[] }>;
} {
  const { sql, embedder } = options;
  const fusion = options.fusion ?? fusionFor(embedder.model);

  const where = (request: SearchRequest, params: unknown[]): string => {
    const clauses = ['organization_id = ?'];
    params.push(request.organizationId);
    if (request.types?.length) {
      clauses.push(`type in (${request.types.map(() => '?').join(', ')})`);
      params.push(...request.types);
    }
    const f = request.filters ?? {};
    const add = (clause: string, value: unknown) => {
      clauses.push(clause);
      params.push(value);
    };
    if (f.severity) add('severity = ?', f.severity);
    if (f.status) add('status = ?', f.status);
    if (f.createdAfter) add('created_at >= ?', f.createdAfter);
    if (f.createdBefore) add('created_at < ?', f.createdBefore);
    if (request.excludeIds?.length) {
      clauses.push(`id not in (${request.excludeIds.map(() => '?').join(', ')})`);
      params.push(...request.excludeIds);
    }
    return clauses.join(' and ');
  };

  // Highlights come later, for the hits returned only (term-highlights.ts).
  const toHit = (row: Record<string, unknown>): SearchHit => ({
    type: row.type as SearchHit['type'],
    id: String(row.id),
    title: String(row.title),
    snippet: escapeHtml(snippetOf(String(row.body))),
    score: Number(row.score),
    highlights: [],
  });

  const candidate = (row: Record<string, unknown>): Candidate => ({ hit: toHit(row), text: `${String(row.title)}\n${String(row.body)}` });

  const keyword = async (request: SearchRequest, limit: number): Promise<Candidate[]> => {
    const query = orTsQuery(keywordQueryText(request.text));
    if (!query) return [];
    const params: unknown[] = [query];
    const filter = where(request, params);
    params.push(limit);
    const rows = await sql(
      // ts_rank, not ts_rank_cd: a third to a fifth of the time over the tens of thousands of rows a
      // long query matches at 100k documents, and the order only picks fusion's candidates.
      `select type, id, title, body, ts_rank(tsv, q, 1) as score
       from search_documents, to_tsquery('english', ?) as q
       where tsv @@ q and ${filter}
       order by score desc limit ?`,
      params,
    );
    return rows.map(candidate);
  };

  // The stored vectors and the query's are unit length: the dot product is the cosine.
  const semantic = async (request: SearchRequest, limit: number): Promise<Candidate[]> => {
    const [vector] = await embedder.embed([request.text], 'query');
    const params: unknown[] = [pgArray(vector as number[]), embedder.model];
    const filter = where(request, params);
    params.push(limit);
    const rows = await sql(
      `select type, id, title, body,
         (select sum(a * b) from unnest(embedding, ?::real[]) as v(a, b)) as score
       from search_documents where model = ? and ${filter}
       order by score desc limit ?`,
      params,
    );
    return rows.map((row) => ({ ...candidate(row), cosine: Number(row.score) }));
  };

  const candidates = async (request: SearchRequest, depth: number) => {
    const [k, s] = await Promise.all([keyword(request, depth), semantic(request, depth)]);
    return { keyword: k, semantic: s };
  };

  return {
    backend: 'postgres',
    async ensureReady() {
      // The table comes from the migrations; nothing to create at run time.
    },
    async upsert(documents) {
      if (!documents.length) return;
      const vectors = await embedder.embed(documents.map((doc) => embeddingText(doc.title, doc.body)));
      for (const [index, doc] of documents.entries()) {
        await sql(
          `insert into search_documents (organization_id, type, id, title, body, severity, status, created_at, model, embedding, indexed_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::real[], now())
           on conflict (organization_id, type, id) do update set title = excluded.title, body = excluded.body,
             severity = excluded.severity, status = excluded.status, created_at = excluded.created_at,
             model = excluded.model, embedding = excluded.embedding, indexed_at = excluded.indexed_at`,
          [
            doc.organizationId,
            doc.type,
            doc.id,
            doc.title,
            doc.body,
            doc.severity ?? null,
            doc.status ?? null,
            doc.createdAt,
            embedder.model,
            pgArray(vectors[index] as number[]),
          ],
        );
      }
    },
    async remove(organizationId, type, id) {
      await sql('delete from search_documents where organization_id = ? and type = ? and id = ?', [organizationId, type, id]);
    },
    async search(request) {
      if (request.mode === 'keyword') {
        const found = await keyword(request, request.limit);
        return { hits: highlightCandidates(request.text, found), total: found.length };
      }
      if (request.mode === 'semantic') {
        const hits = (await semantic(request, request.limit)).map((found) => found.hit);
        return { hits, total: hits.length };
      }
      const { keyword: k, semantic: s } = await candidates(request, fusionDepth(request.limit));
      const fused = fuse({ text: request.text, kind: request.queryKind }, k, s, fusion, request.limit);
      return {
        hits: highlightCandidates(request.text, [...k, ...s], fused),
        total: new Set([...k, ...s].map(({ hit }) => `${hit.type}:${hit.id}`)).size,
      };
    },
    candidates,
    async refresh() {},
    async close() {},
  };
}

/** Wraps a MikroORM connection (its `?` placeholders) as a SqlRunner. */
export function sqlRunnerFromOrm(orm: {
  em: { getConnection(): { execute(sql: string, params: unknown[], method: 'all'): Promise<unknown> } };
}): SqlRunner {
  return async (query, params) => (await orm.em.getConnection().execute(query, params, 'all')) as Array<Record<string, unknown>>;
}
