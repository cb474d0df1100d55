import type { Embedder } from '../embedding/embedder.ts';
import { embeddingText, fusionFor, snippetOf, type Candidate, type FusionParams } from '../query/fusion.ts';
import { escapeHtml } from '../../html-escape.ts';
import { keywordQueryText } from '../query/keyword-query.ts';
import type { SearchHit, SearchRequest } from '../port.ts';
import { storedFields, type SearchEngine } from './engine.ts';
import { highlightCandidates } from '../query/term-highlights.ts';
import { hybridSearch, type HybridBackend } from '../query/hybrid-search.ts';

/** Runs one SQL statement with `?` placeholders and returns its rows. */
export type SqlRunner = (sql: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

// An array literal: the ORM would expand a JS array parameter into a list of placeholders. Components
// too small for `real` (which rejects them as an underflow) contribute nothing to a dot product anyway.
const pgArray = (vector: number[]): string => `{${vector.map((x) => (Math.abs(x) < 1e-30 ? '0' : x.toPrecision(8))).join(',')}}`;

// A query vector's literal, written once: the embedder's cache hands out one array per text, and an
// incident's analysis searches twice by it.
const queryLiterals = new WeakMap<number[], string>();
const queryLiteral = (vector: number[]): string => {
  let literal = queryLiterals.get(vector);
  if (literal === undefined) queryLiterals.set(vector, (literal = pgArray(vector)));
  return literal;
};

/** The size of pgvector's `embedding_vector` column (migration 20261210010000): the local models' vectors. */
const VECTOR_DIMENSIONS = 384;

/**
 * How many rows, as the planner's statistics estimate them, the keyword side's match may cover. Its
 * cost is ranking every matching row, and a pasted log's OR over many terms matches a large share of
 * them; past the budget a common lexeme (`service`, `api`) only ranks, which leaves the top ten
 * candidates unchanged in practice (docs/architecture.md, search).
 */
export const KEYWORD_MATCH_BUDGET = 5_000;

/**
 * Up to this many documents matching a request's filters are read and sorted (exact) instead of
 * found by walking the graph. The walk visits the organization's vectors nearest first until enough
 * pass the filters: for a few runbooks among thousands of incidents (an incident's analysis asks
 * for exactly that) it went through all of them before the exact scan settled it anyway, and cost
 * PostgreSQL about 50 ms of CPU per new incident at 2,000 incidents. Sorting this many costs a millisecond or two.
 */
export const EXACT_SCAN_DOCUMENTS = 1_000;

/** How long, and for how many organizations' filters, a count against EXACT_SCAN_DOCUMENTS stands. */
export const MATCHING_COUNT_MEMO_MS = 10_000;
const MATCHING_COUNT_MEMO_ENTRIES = 1_000;

/** The words of a query as an OR tsquery (like BM25's default operator), so a pasted log still matches. */
export function orTsQuery(text: string): string {
  const words = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [])].filter((word) => word.length > 1).slice(0, 64);
  return words.join(' | ');
}

/**
 * The embedded backend (no ELASTICSEARCH_URL): table `search_documents` in Tocsin's own PostgreSQL.
 * Keyword: a weighted tsvector (title A, body B) ranked by ts_rank. Semantic: vectors stored as
 * `real[]`, unit length, so cosine is the dot product. With pgvector (migration 20261210010000),
 * the generated `embedding_vector` column and its HNSW index answer in milliseconds at 100,000
 * documents; without it (a database without the extension, or `exactScan`), the dot product is
 * computed in SQL over the organization's rows of the same model: exact, seconds at that size.
 */
export function createPostgresEngine(options: {
  sql: SqlRunner;
  embedder: Embedder;
  fusion?: FusionParams;
  /** Ignores pgvector's index: the exact scan (tests, and the benchmark's recall reference). */
  exactScan?: boolean;
  /** KEYWORD_MATCH_BUDGET unless given (tests: a table small enough to build). */
  keywordMatchBudget?: number;
  /** EXACT_SCAN_DOCUMENTS unless given; 0 always walks the index (tests of the walk). */
  exactScanDocuments?: number;
}): SearchEngine & Pick<HybridBackend, 'candidates' | 'semanticFor'> & Required<Pick<HybridBackend, 'semanticFromTop'>> {
  const { sql, embedder } = options;
  const fusion = options.fusion ?? fusionFor(embedder.model);

  /** The request's organization and filters on `search_documents`, its columns prefixed with `alias` when given. */
  const where = (request: SearchRequest, params: unknown[], alias = ''): string => {
    const column = (name: string) => (alias ? `${alias}.${name}` : name);
    const clauses = [`${column('organization_id')} = ?`];
    params.push(request.organizationId);
    if (request.types?.length) {
      clauses.push(`${column('type')} in (${request.types.map(() => '?').join(', ')})`);
      params.push(...request.types);
    }
    const f = request.filters ?? {};
    const add = (clause: string, value: unknown) => {
      clauses.push(clause);
      params.push(value);
    };
    if (f.severity) add(`${column('severity')} = ?`, f.severity);
    if (f.status) add(`${column('status')} = ?`, f.status);
    if (f.createdAfter) add(`${column('created_at')} >= ?`, f.createdAfter);
    if (f.createdBefore) add(`${column('created_at')} < ?`, f.createdBefore);
    if (request.excludeIds?.length) {
      clauses.push(`${column('id')} not in (${request.excludeIds.map(() => '?').join(', ')})`);
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
    const params: unknown[] = [query.replaceAll(' | ', ' '), options.keywordMatchBudget ?? KEYWORD_MATCH_BUDGET, query];
    const filter = where(request, params);
    params.push(limit);
    const rows = await sql(
      // Rows match on the query's rarer lexemes, the rarest first, while the planner's statistics
      // (pg_stats of the tsvector column: each common lexeme's share of rows) put the rows they match
      // under the budget; every lexeme still counts in the rank. Without statistics (a table never
      // analyzed) every estimate is 0 and every lexeme matches.
      // ts_rank, not ts_rank_cd: far cheaper over thousands of matching rows.
      // The statistics come from a function (migration 20261231200000) whose plan each connection
      // makes once: the `pg_stats` view planned inline cost more than the rest of the statement.
      // `materialized`: read once, not once per lexeme of the query. The match is a sub-select (built
      // once): joined, a table ahead of its statistics (an alert storm's) had it rebuilt for every row.
      `with statistics as materialized (select lexemes, shares, rows from search_tsv_statistics()), estimates as (
         -- A lexeme missing from the list is rarer than its rarest entry (the share after the list).
         select t.lexeme, coalesce(s.shares[array_position(s.lexemes, t.lexeme)], s.shares[cardinality(s.lexemes) + 1], 0) * greatest(s.rows, 0) as rows
         from unnest(tsvector_to_array(to_tsvector('english', ?))) as t(lexeme) left join statistics s on true
       ), matching as (
         select string_agg(quote_literal(lexeme), ' | ')::tsquery as query from (
           select lexeme, sum(rows) over (order by rows, lexeme) as running, row_number() over (order by rows, lexeme) as rarity
           from estimates) as ranked
         where running <= ? or rarity = 1
       )
       select type, id, title, body, ts_rank(tsv, q, 1) as score
       from search_documents, to_tsquery('english', ?) as q
       where tsv @@ (select query from matching) and ${filter}
       order by score desc limit ?`,
      params,
    );
    return rows.map(candidate);
  };

  // Whether the migrations found pgvector (and made `search_vectors`): looked up once (a failed
  // look-up is retried next time).
  let vectorTable: Promise<boolean> | undefined;
  const hasVectorTable = (): Promise<boolean> => {
    if (options.exactScan) return Promise.resolve(false);
    vectorTable ??= sql(`select to_regclass('search_vectors') is not null as present`, []).then(
      (rows) => rows[0]?.present === true,
      (error: unknown) => {
        vectorTable = undefined;
        throw error;
      },
    );
    return vectorTable;
  };

  const queryVector = async (request: SearchRequest) =>
    (await embedder.embed([request.semanticText ?? request.text], 'query'))[0] as number[];

  // The stored vectors and the query's are unit length: the dot product is the cosine. pgvector's
  // `<#>` is the negated dot product; its `+ 0` keeps the planner off the HNSW index (an exact scan
  // of the rows the filters match), else the same dot product in SQL over the `real[]` column.
  const exactSemantic = async (request: SearchRequest, vector: string, limit: number, pgvector: boolean) => {
    const params: unknown[] = [vector, embedder.model];
    const filter = where(request, params);
    params.push(limit);
    const score = pgvector
      ? '-(embedding_vector <#> ?::real[]::vector) + 0'
      : '(select sum(a * b) from unnest(embedding, ?::real[]) as v(a, b))';
    return sql(
      `select type, id, title, body, ${score} as score
       from search_documents where model = ? and ${filter}
       order by score desc limit ?`,
      params,
    );
  };

  // The HNSW index of the organization's distinct vectors (migration 20261215010000), walked in
  // inner-product order with the database's iterative scan (migration 20261210010000), each vector's
  // documents read by its key (a lateral sub-select, `offset 0` keeping it one: joined, a table ahead
  // of its statistics read all the organization's documents once per vector), until `limit` of them
  // pass the filters. Filters that leave few documents never come here (`fewMatching`): reading those
  // and sorting is exact and cheaper than a walk through vectors that fail them. `vector` is the query's
  // vector as SQL: a bound literal, or a sub-select that may come out null (pgvector uses the index for either).
  const nearestDocuments = (
    request: SearchRequest,
    vector: { sql: string; params: unknown[]; nullable?: boolean },
    limit: number,
    params: unknown[],
  ) => {
    params.push(...vector.params, request.organizationId, embedder.model, ...vector.params, embedder.model);
    const filter = where(request, params, 'd');
    params.push(limit);
    return `select d.type, d.id, d.title, d.body, -nearest.distance as score
       from (select vector_key, embedding_vector <#> ${vector.sql} as distance
             from search_vectors where organization_id = ? and model = ?${vector.nullable ? ` and ${vector.sql} is not null` : ''}
             order by embedding_vector <#> ${vector.sql}) as nearest
       cross join lateral (select type, id, title, body from search_documents d
             where d.model = ? and d.vector_key = nearest.vector_key and ${filter} offset 0) as d
       order by nearest.distance limit ?`;
  };

  const indexedSemantic = async (request: SearchRequest, vector: string, limit: number) => {
    const params: unknown[] = [];
    return sql(nearestDocuments(request, { sql: '?::real[]::vector', params: [vector] }, limit, params), params);
  };

  // Whether the request's filters leave at most `exactScanDocuments` documents: counted once per
  // request, and the answer kept MATCHING_COUNT_MEMO_MS per organization and filters (an incident's
  // analysis asks the same for every new incident). Either answer finds the same documents: a stale
  // "few" sorts a few more, a stale "many" walks where a sort would do and falls back to it when short.
  const exactScanDocuments = options.exactScanDocuments ?? EXACT_SCAN_DOCUMENTS;
  const fewMatchingOf = new WeakMap<SearchRequest, Promise<boolean>>();
  const counted = new Map<string, { few: boolean; at: number }>();
  const filtersKey = (request: SearchRequest) =>
    JSON.stringify([request.organizationId, request.types ?? [], request.filters ?? {}, request.excludeIds?.length ?? 0]);
  const fewMatching = (request: SearchRequest): Promise<boolean> => {
    if (exactScanDocuments <= 0) return Promise.resolve(false);
    let answer = fewMatchingOf.get(request);
    if (!answer) {
      const key = filtersKey(request);
      const known = counted.get(key);
      if (known && Date.now() - known.at < MATCHING_COUNT_MEMO_MS) answer = Promise.resolve(known.few);
      else {
        const params: unknown[] = [embedder.model];
        const filter = where(request, params);
        params.push(exactScanDocuments + 1);
        answer = sql(
          `select count(*)::int as matching from (select 1 from search_documents where model = ? and ${filter} limit ?) as capped`,
          params,
        ).then((rows) => {
          const few = Number(rows[0]?.matching) <= exactScanDocuments;
          counted.delete(key);
          if (counted.size >= MATCHING_COUNT_MEMO_ENTRIES) counted.delete(counted.keys().next().value as string);
          counted.set(key, { few, at: Date.now() });
          return few;
        });
      }
      fewMatchingOf.set(request, answer);
    }
    return answer;
  };

  const semantic = async (request: SearchRequest, limit: number, vector: number[]): Promise<Candidate[]> => {
    const literal = queryLiteral(vector);
    // The column holds 384-dimension vectors only (the local models); another model's are scanned.
    const pgvector = vector.length === VECTOR_DIMENSIONS && (await hasVectorTable());
    let rows = pgvector && !(await fewMatching(request)) ? await indexedSemantic(request, literal, limit) : null;
    // Fewer rows than asked: the filters match fewer, or the walk stopped early (a session without
    // the iterative scan, or hnsw.max_scan_tuples reached): an exact scan of what they match settles it.
    if (!rows || rows.length < limit) rows = await exactSemantic(request, literal, limit, pgvector);
    return rows.map((row) => ({ ...candidate(row), cosine: Number(row.score) }));
  };

  /** The request organization's rows of `hits` (with the current model's vectors), for hybrid's feedback pass. */
  const rowsOf = (request: SearchRequest, hits: SearchHit[], params: unknown[]): string => {
    params.push(request.organizationId, embedder.model, ...hits.flatMap((hit) => [hit.type, hit.id]));
    return `organization_id = ? and model = ? and (type, id) in (${hits.map(() => '(?, ?)').join(', ')})`;
  };

  // Hybrid's feedback pass: the stored vectors of the few top documents, in one look-up.
  const vectorsOf = async (request: SearchRequest, hits: SearchHit[]): Promise<Map<string, number[]>> => {
    if (!hits.length) return new Map();
    const params: unknown[] = [];
    const rows = await sql(`select type, id, embedding from search_documents where ${rowsOf(request, hits, params)}`, params);
    return new Map(rows.map((row) => [`${String(row.type)}:${String(row.id)}`, (row.embedding as unknown[]).map(Number)]));
  };

  // Hybrid's feedback pass in one statement: the top documents' mean stored vector plus the query's
  // divided by the weight (the direction of the query's plus weight × the mean), unit length, walks
  // the index as the first pass does. Saves the look-up's round trip and the parsing of its vectors.
  // Anything short of a full answer (no vector found, filters matching fewer rows), and filters that
  // leave few documents, are left to the look-up and `semantic`, which settle them with the exact scan.
  const semanticFromTop = async (
    request: SearchRequest,
    depth: number,
    queryVector: number[],
    top: SearchHit[],
    weight: number,
  ): Promise<Candidate[] | undefined> => {
    if (!top.length || queryVector.length !== VECTOR_DIMENSIONS || !(await hasVectorTable()) || (await fewMatching(request)))
      return undefined;
    const params: unknown[] = [pgArray(queryVector.map((x) => x / weight))];
    const moved = `select l2_normalize(avg(embedding_vector) + ?::real[]::vector) as vector from search_documents where ${rowsOf(request, top, params)}`;
    const rows = await sql(
      `with moved as materialized (${moved}) ${nearestDocuments(request, { sql: '(select vector from moved)', params: [], nullable: true }, depth, params)}`,
      params,
    );
    return rows.length < depth ? undefined : rows.map((row) => ({ ...candidate(row), cosine: Number(row.score) }));
  };

  const candidates = async (request: SearchRequest, depth: number) => {
    const vector = queryVector(request);
    const [k, s] = await Promise.all([keyword(request, depth), vector.then((v) => semantic(request, depth, v))]);
    return { keyword: k, semantic: s, queryVector: await vector };
  };

  return {
    backend: 'postgres',
    async ensureReady() {
      // The tables come from the migrations; only whether pgvector's are there is looked up.
      await hasVectorTable();
    },
    async upsert(documents) {
      // One row per document (a statement's ON CONFLICT updates a row once), the last given winning.
      const unique = [...new Map(documents.map((doc) => [`${doc.organizationId}/${doc.type}/${doc.id}`, doc])).values()];
      if (!unique.length) return;
      const vectors = await embedder.embed(unique.map((doc) => embeddingText(doc.title, doc.body)));
      const rows = unique.map((doc, index) => ({ ...storedFields(doc), id: doc.id, embedding: pgArray(vectors[index] as number[]) }));
      // One statement for the batch; rows go in their vectors' order, so concurrent batches take the
      // distinct-vector counts' row locks (search_vectors, by trigger) in one order.
      await sql(
        `insert into search_documents (organization_id, type, id, title, body, severity, status, created_at, model, embedding, indexed_at)
         select v.organization_id, v.type, v.id, v.title, v.body, v.severity, v.status, v.created_at, ?, v.embedding::real[], now()
         from json_to_recordset(?::json) as v(organization_id uuid, type text, id text, title text, body text,
           severity text, status text, created_at timestamptz, embedding text)
         order by md5(array_send(v.embedding::real[]))
         on conflict (organization_id, type, id) do update set title = excluded.title, body = excluded.body,
           severity = excluded.severity, status = excluded.status, created_at = excluded.created_at,
           model = excluded.model, embedding = excluded.embedding, indexed_at = excluded.indexed_at`,
        [embedder.model, JSON.stringify(rows)],
      );
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
        const hits = (await semantic(request, request.limit, await queryVector(request))).map((found) => found.hit);
        return { hits, total: hits.length };
      }
      return hybridSearch(request, fusion, { candidates, semanticFor: semantic, vectorsOf, semanticFromTop });
    },
    candidates,
    semanticFor: (request, depth, vector) => semantic(request, depth, vector),
    semanticFromTop,
    // Writes are visible at commit; after a bulk load (reindex) the planner's statistics are what lag:
    // with an organization's rows estimated at a handful, it reads them all and sorts instead of
    // walking the HNSW index (tens of times slower) until autovacuum analyzes.
    async refresh() {
      await sql('analyze search_documents', []);
      if (await hasVectorTable()) await sql('analyze search_vectors', []);
    },
    async close() {},
  };
}

/** Wraps a MikroORM connection (its `?` placeholders) as a SqlRunner. */
export function sqlRunnerFromOrm(orm: {
  em: { getConnection(): { execute(sql: string, params: unknown[], method: 'all'): Promise<unknown> } };
}): SqlRunner {
  return async (query, params) => (await orm.em.getConnection().execute(query, params, 'all')) as Array<Record<string, unknown>>;
}
