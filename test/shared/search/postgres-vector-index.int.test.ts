import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { openOrm, runMigrations, type Orm } from '../../../shared/db/orm.ts';
import { createPostgresEngine, sqlRunnerFromOrm, type SqlRunner } from '../../../shared/search/engine/postgres-index.ts';
import { cosineOf } from '../../../shared/search/embedding/embedder.ts';
import { feedbackVector, type Candidate } from '../../../shared/search/query/fusion.ts';
import type { SearchDocument, SearchHit, SearchRequest } from '../../../shared/search/port.ts';
import { createTestDatabase } from '../../helpers/test-database.ts';
import { standInEmbedder } from '../../helpers/stand-in-embedder.ts';

// pgvector's HNSW path of the PostgreSQL backend against its exact scan, on real PostgreSQL with the
// extension (npm run pgvector:install; the test services start the embedded server with it). The
// embedder is a stand-in: clustered unit vectors derived from the text, like a model's, without one.
const DIMENSIONS = 384;
const CLUSTERS = 12;

/** A deterministic generator of numbers in [-0.5, 0.5) from a seed string. */
function numbersOf(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32 - 0.5;
  };
}

const unit = (vector: number[]) => {
  const norm = Math.hypot(...vector);
  return vector.map((x) => x / norm);
};
const centers = Array.from({ length: CLUSTERS }, (_, c) => {
  const next = numbersOf(`center ${c}`);
  return unit(Array.from({ length: DIMENSIONS }, next));
});
/** Texts name their cluster ("c3 …"): the vector is the cluster's center plus noise of the text. */
const vectorOf = (text: string): number[] => {
  const center = centers[Number(/c(\d+)/.exec(text)?.[1] ?? 0) % CLUSTERS] as number[];
  const next = numbersOf(text);
  return unit(center.map((x) => x + next() * 0.12));
};
const embedder = standInEmbedder('clustered-test-vectors', DIMENSIONS, vectorOf);

let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let orm: Orm | undefined;
const walkers: pg.Client[] = [];
afterAll(async () => {
  for (const walker of walkers) await walker.end();
  await orm?.close();
  await database?.drop();
});

/**
 * A runner on one session that may not sort: at this test's size the planner rightly prefers
 * reading the organization's rows and sorting them, so the graph walk is made the only way left.
 */
async function indexOnlyRunner(url: string): Promise<SqlRunner> {
  const client = new pg.Client({ connectionString: url });
  walkers.push(client);
  await client.connect();
  await client.query('set enable_sort = off');
  return async (query, params) => {
    let n = 0;
    return (
      await client.query(
        query.replaceAll('?', () => `$${++n}`),
        params,
      )
    ).rows as Array<Record<string, unknown>>;
  };
}

/** The runner, recording the semantic statements (those ordering by pgvector's `<#>`) it runs. */
function recordingRunner(sql: SqlRunner) {
  const statements: Array<{ sql: string; params: unknown[] }> = [];
  const run: SqlRunner = async (query, params) => {
    if (query.includes('<#>') || query.includes('unnest(embedding')) statements.push({ sql: query, params });
    return sql(query, params);
  };
  return { run, statements };
}

describe('PostgreSQL search with pgvector (integration: real PostgreSQL and pgvector)', () => {
  const big = randomUUID();
  const small = randomUUID();
  let sql: SqlRunner;
  let walk: SqlRunner;
  const at = new Date(Date.UTC(2026, 10, 1));
  const documentsOf = (organizationId: string, count: number): SearchDocument[] =>
    Array.from({ length: count }, (_, i) => ({
      organizationId,
      type: (['incident', 'procedure', 'article'] as const)[i % 3],
      id: randomUUID(),
      title: `c${i % CLUSTERS} document ${i} of ${organizationId}`,
      body: `body ${i}`,
      // Few critical ones: a filter that matches fewer rows than a query asks for.
      ...(i % 3 === 0 ? { severity: i % 150 === 0 ? 'critical' : 'low', status: 'active' } : {}),
      createdAt: at,
    }));

  beforeAll(async () => {
    database = await createTestDatabase();
    orm = await openOrm({ databaseUrl: database.url, poolMax: 2 });
    await runMigrations(orm, database.url);
    sql = sqlRunnerFromOrm(orm);
    walk = await indexOnlyRunner(database.url);
    const column = await sql(
      `select 1 from pg_attribute where attrelid = 'search_documents'::regclass and attname = 'embedding_vector'`,
      [],
    );
    if (!column.length) {
      throw new Error(
        'the vector extension is not available to this PostgreSQL: run `npm run pgvector:install` and restart the test services',
      );
    }
    for (const [id, name] of [
      [big, 'big'],
      [small, 'small'],
    ]) {
      await sql('insert into organizations (id, name, created_at, updated_at) values (?, ?, now(), now())', [id, name]);
    }
    const index = createPostgresEngine({ sql, embedder });
    const documents = [...documentsOf(big, 1500), ...documentsOf(small, 60)];
    for (let i = 0; i < documents.length; i += 250) await index.upsert(documents.slice(i, i + 250));
    await sql('analyze search_documents', []);
  });

  it('creates the extension, the generated column, its HNSW index and the database settings', async () => {
    const [extension] = await sql(`select extversion from pg_extension where extname = 'vector'`, []);
    expect(extension?.extversion).toBe('0.8.5');
    // On the distinct vectors (migration 20261215010000), none left on the documents themselves.
    const indexes = await sql(`select tablename, indexdef from pg_indexes where indexdef like '%hnsw%'`, []);
    expect(indexes).toEqual([
      { tablename: 'search_vectors', indexdef: expect.stringContaining('USING hnsw (embedding_vector vector_ip_ops)') },
    ]);
    const [settings] = await sql(
      `select setconfig from pg_db_role_setting where setdatabase = (select oid from pg_database where datname = current_database())`,
      [],
    );
    expect(settings?.setconfig).toEqual(expect.arrayContaining(['hnsw.iterative_scan=strict_order', 'hnsw.ef_search=100']));
    // Filled on write from the real[] embedding, as a unit vector.
    const [row] = await sql(`select vector_norm(embedding_vector) as norm from search_documents where organization_id = ? limit 1`, [big]);
    expect(Number(row?.norm)).toBeCloseTo(1, 5);
  });

  it('answers as the exact scan does, through the HNSW index, with the organization and filters applied', async () => {
    const recorded = recordingRunner(walk);
    const ann = createPostgresEngine({ sql: recorded.run, embedder, exactScanDocuments: 0 });
    const exact = createPostgresEngine({ sql, embedder, exactScan: true });
    await ann.ensureReady();
    const bigIds = new Set((await sql('select id from search_documents where organization_id = ?', [big])).map((row) => String(row.id)));
    let overlap = 0;
    let asked = 0;
    for (let c = 0; c < CLUSTERS; c++) {
      const request: SearchRequest = {
        organizationId: big,
        text: `c${c} query`,
        mode: 'semantic',
        limit: 10,
        types: ['incident', 'article'],
      };
      const found = (await ann.search(request)).hits;
      const expected = (await exact.search(request)).hits;
      expect(found).toHaveLength(10);
      expect(found.every((hit) => bigIds.has(hit.id) && hit.type !== 'procedure')).toBe(true);
      const scores = new Map(expected.map((hit) => [hit.id, hit.score]));
      for (const hit of found) {
        if (scores.has(hit.id)) expect(hit.score).toBeCloseTo(scores.get(hit.id) as number, 4);
      }
      overlap += found.filter((hit) => scores.has(hit.id)).length;
      asked += expected.length;
    }
    // HNSW is approximate; on 1,500 vectors with a search list of 100 it misses little: 0.967–1.000
    // over 25 builds of this data (each graph is built anew, in its own random levels).
    expect(overlap / asked).toBeGreaterThanOrEqual(0.9);

    // Every query went through the index (one statement each: none came back short).
    expect(recorded.statements).toHaveLength(CLUSTERS);
    const [statement] = recorded.statements as [{ sql: string; params: unknown[] }];
    const plan = JSON.stringify(await walk(`explain (format json) ${statement.sql}`, statement.params));
    expect(plan).toContain('"Index Name":"search_vectors_embedding_hnsw_index"');
    expect(plan).toMatch(/"Filter":"[^"]*organization_id = /);
  });

  it("runs hybrid's feedback pass in one statement through the HNSW index, as a look-up and a search for the moved vector would", async () => {
    const recorded = recordingRunner(walk);
    const ann = createPostgresEngine({ sql: recorded.run, embedder, exactScanDocuments: 0 });
    const exact = createPostgresEngine({ sql, embedder, exactScan: true });
    const request: SearchRequest = { organizationId: big, text: 'c3 query', mode: 'hybrid', limit: 10, types: ['incident', 'article'] };
    const queryVector = vectorOf('c3 query');
    // The top three of another cluster: the moved vector lies between the two.
    const top = (await exact.semanticFor(request, 50, vectorOf('c5 query'))).slice(0, 3).map((found) => found.hit);
    const stored = await sql(`select type, id, embedding from search_documents where organization_id = ? and id in (?, ?, ?)`, [
      big,
      ...top.map((hit) => hit.id),
    ]);
    const moved = feedbackVector(
      queryVector,
      top,
      stored.map((row) => ({
        hit: { ...(top.find((hit) => hit.id === row.id) as SearchHit) },
        text: '',
        vector: (row.embedding as unknown[]).map(Number),
      })),
      { weight: 2, depth: 3 },
    ) as number[];
    // What the look-up and a search for the moved vector answer: the same walk of the same graph. (Against
    // the exact scan, one walk can miss much on this test's clusters, which are orthogonal: what the
    // graph finds is the subject of the test above, over many queries.)
    const expected = await ann.semanticFor(request, 50, moved);

    recorded.statements.length = 0;
    const found = (await ann.semanticFromTop(request, 50, queryVector, top, 2)) as Candidate[];
    expect(found).toHaveLength(50);
    expect(found.every((candidate) => candidate.hit.type !== 'procedure')).toBe(true);
    // The same documents (in the order of cosines that may differ in the seventh place: the moved
    // vector in SQL is summed in `real`).
    const ids = (candidates: Candidate[]) => candidates.map((candidate) => candidate.hit.id).toSorted();
    expect(ids(found)).toEqual(ids(expected));
    // Each one's cosine is the moved vector's with the document's stored vector, best first.
    const vectors = await sql(
      `select id, embedding from search_documents where organization_id = ? and id in (${found.map(() => '?').join(', ')})`,
      [big, ...found.map((candidate) => candidate.hit.id)],
    );
    expect(vectors).toHaveLength(50);
    const cosines = new Map(vectors.map((row) => [String(row.id), cosineOf(moved, (row.embedding as unknown[]).map(Number))]));
    for (const candidate of found) expect(candidate.cosine).toBeCloseTo(cosines.get(candidate.hit.id) as number, 4);
    const scores = found.map((candidate) => candidate.cosine as number);
    expect(scores).toEqual(scores.toSorted((a, b) => b - a));
    expect(recorded.statements).toHaveLength(1);
    const [statement] = recorded.statements as [{ sql: string; params: unknown[] }];
    expect(JSON.stringify(await walk(`explain (format json) ${statement.sql}`, statement.params))).toContain(
      '"Index Name":"search_vectors_embedding_hnsw_index"',
    );

    // Top documents with no stored vector (gone since): no answer, for the look-up path to settle.
    expect(await ann.semanticFromTop(request, 50, queryVector, [{ ...top[0], id: randomUUID() } as SearchHit], 2)).toBeUndefined();
  });

  it('completes an answer the filters cut short with the exact scan', async () => {
    const recorded = recordingRunner(walk);
    const ann = createPostgresEngine({ sql: recorded.run, embedder, exactScanDocuments: 0 });
    const exact = createPostgresEngine({ sql, embedder, exactScan: true });
    const request: SearchRequest = {
      organizationId: big,
      text: 'c1 query',
      mode: 'semantic',
      limit: 20,
      filters: { severity: 'critical' },
    };
    const expected = (await exact.search(request)).hits;
    expect(expected).toHaveLength(10); // documents 0, 150, …, 1350
    expect((await ann.search(request)).hits.map((hit) => hit.id)).toEqual(expected.map((hit) => hit.id));
    expect(recorded.statements).toHaveLength(2);
    // The second one is exact: the planner cannot walk the index for `<#> … + 0`.
    const second = recorded.statements[1] as { sql: string; params: unknown[] };
    expect(JSON.stringify(await walk(`explain (format json) ${second.sql}`, second.params))).not.toContain('hnsw');
  });

  it('reads and sorts the few documents the filters leave instead of walking the graph through the others', async () => {
    const recorded = recordingRunner(walk);
    const counts: string[] = [];
    const engine = createPostgresEngine({
      sql: (query, params) => {
        if (query.includes('count(*)')) counts.push(query);
        return recorded.run(query, params);
      },
      embedder,
    });
    const exact = createPostgresEngine({ sql, embedder, exactScan: true });
    const usesIndex = async (statement: { sql: string; params: unknown[] }) =>
      JSON.stringify(await walk(`explain (format json) ${statement.sql}`, statement.params)).includes('hnsw');

    // 500 procedures among the organization's 1,500 documents (EXACT_SCAN_DOCUMENTS is 1,000): counted, then sorted.
    const few: SearchRequest = { organizationId: big, text: 'c2 query', mode: 'semantic', limit: 10, types: ['procedure'] };
    expect((await engine.search(few)).hits.map((hit) => hit.id)).toEqual((await exact.search(few)).hits.map((hit) => hit.id));
    expect(counts).toHaveLength(1);
    expect(recorded.statements).toHaveLength(1);
    expect(await usesIndex(recorded.statements[0] as { sql: string; params: unknown[] })).toBe(false);
    // Hybrid's feedback pass leaves them to the look-up and the exact scan too, without another count.
    recorded.statements.length = 0;
    const top = (await exact.semanticFor(few, 3, vectorOf('c2 query'))).map((found) => found.hit);
    expect(await engine.semanticFromTop(few, 50, vectorOf('c2 query'), top, 2)).toBeUndefined();
    expect(recorded.statements).toHaveLength(0);
    expect(counts).toHaveLength(1);

    // All 1,500: counted past the bound, then found through the index.
    recorded.statements.length = 0;
    const many: SearchRequest = { organizationId: big, text: 'c2 query', mode: 'semantic', limit: 10 };
    expect((await engine.search(many)).hits).toHaveLength(10);
    expect(counts).toHaveLength(2);
    expect(recorded.statements).toHaveLength(1);
    expect(await usesIndex(recorded.statements[0] as { sql: string; params: unknown[] })).toBe(true);

    // Other requests of those filters (within MATCHING_COUNT_MEMO_MS): the same ways, not counted again.
    recorded.statements.length = 0;
    expect((await engine.search({ ...many, text: 'c3 query' })).hits).toHaveLength(10);
    expect((await engine.search({ ...few, text: 'c3 query' })).hits.map((hit) => hit.id)).toEqual(
      (await exact.search({ ...few, text: 'c3 query' })).hits.map((hit) => hit.id),
    );
    expect(counts).toHaveLength(2);
    expect(recorded.statements).toHaveLength(2);
    expect(await usesIndex(recorded.statements[0] as { sql: string; params: unknown[] })).toBe(true);
    expect(await usesIndex(recorded.statements[1] as { sql: string; params: unknown[] })).toBe(false);
    // Other filters are counted.
    await engine.search({ ...few, types: ['article'] });
    expect(counts).toHaveLength(3);
  });

  it('keeps the exact scan when asked, without touching the vector column', async () => {
    const recorded = recordingRunner(sql);
    const exact = createPostgresEngine({ sql: recorded.run, embedder, exactScan: true });
    const hits = (await exact.search({ organizationId: small, text: 'c2 query', mode: 'semantic', limit: 5 })).hits;
    expect(hits).toHaveLength(5);
    expect(recorded.statements.every((statement) => !statement.sql.includes('embedding_vector'))).toBe(true);
  });
});

describe('PostgreSQL search over repeated texts (integration: real PostgreSQL and pgvector)', () => {
  const organizationId = randomUUID();
  let sql: SqlRunner;
  let walk: SqlRunner;
  const at = new Date(Date.UTC(2026, 10, 1));
  // 40 texts, each the text of 30 documents (a recurring alert): 1,200 documents, 40 distinct vectors.
  const TEXTS = 40;
  const COPIES = 30;
  const copiesOf = (text: number): SearchDocument[] =>
    Array.from({ length: COPIES }, () => ({
      organizationId,
      type: 'incident' as const,
      id: randomUUID(),
      title: `c${text % CLUSTERS} recurring alert ${text}`,
      body: `the same body ${text}`,
      createdAt: at,
    }));
  const documents = Array.from({ length: TEXTS }, (_, text) => copiesOf(text)).flat();
  const copiesOfText0 = () => documents.slice(0, COPIES) as [SearchDocument, ...SearchDocument[]];
  const distinct = async () =>
    (await sql('select vector_key, documents from search_vectors where organization_id = ? order by vector_key', [organizationId])).map(
      (row) => Number(row.documents),
    );

  beforeAll(async () => {
    // The database of the describe block above (its migrations ran there); this one's own organization.
    if (!orm || !database) throw new Error('the first describe block opens the database');
    sql = sqlRunnerFromOrm(orm);
    walk = await indexOnlyRunner(database.url);
    await sql('insert into organizations (id, name, created_at, updated_at) values (?, ?, now(), now())', [organizationId, 'repeats']);
    const index = createPostgresEngine({ sql, embedder });
    for (let i = 0; i < documents.length; i += 300) await index.upsert(documents.slice(i, i + 300));
    await index.refresh();
  });

  it('keeps each distinct vector once, counting the documents that share it', async () => {
    expect(await distinct()).toEqual(Array.from({ length: TEXTS }, () => COPIES));
  });

  it('finds what the exact scan finds, however many documents share a vector, through the HNSW index', async () => {
    const recorded = recordingRunner(walk);
    const ann = createPostgresEngine({ sql: recorded.run, embedder, exactScanDocuments: 0 });
    const exact = createPostgresEngine({ sql, embedder, exactScan: true });
    for (let c = 0; c < CLUSTERS; c++) {
      const request: SearchRequest = { organizationId, text: `c${c} query`, mode: 'semantic', limit: 50 };
      const found = (await ann.search(request)).hits;
      const expected = (await exact.search(request)).hits;
      expect(found).toHaveLength(50);
      // Copies tie: the scores, in order, are what can be compared.
      expect(found.map((hit) => hit.score.toFixed(5))).toEqual(expected.map((hit) => hit.score.toFixed(5)));
    }
    expect(recorded.statements).toHaveLength(CLUSTERS);
    const [statement] = recorded.statements as [{ sql: string; params: unknown[] }];
    expect(JSON.stringify(await walk(`explain (format json) ${statement.sql}`, statement.params))).toContain(
      '"Index Name":"search_vectors_embedding_hnsw_index"',
    );
  });

  it('follows re-indexing, a changed text and deletes', async () => {
    const index = createPostgresEngine({ sql, embedder });
    const [first, ...others] = copiesOfText0();
    await index.upsert([first]); // the same text again: nothing moves
    expect(await distinct()).toEqual(Array.from({ length: TEXTS }, () => COPIES));
    // A document twice in one batch: one row, the last given.
    await index.upsert([
      { ...first, body: 'an older text' },
      { ...first, body: 'a text of its own' },
    ]);
    expect(await sql('select body from search_documents where organization_id = ? and id = ?', [organizationId, first.id])).toEqual([
      { body: 'a text of its own' },
    ]);
    const counts = await distinct();
    expect(counts.toSorted((a, b) => a - b)).toEqual([1, COPIES - 1, ...Array.from({ length: TEXTS - 1 }, () => COPIES)]);
    await index.remove(organizationId, first.type, first.id);
    expect(await distinct()).toHaveLength(TEXTS);
    for (const copy of others) await index.remove(organizationId, copy.type, copy.id);
    expect(await distinct()).toEqual(Array.from({ length: TEXTS - 1 }, () => COPIES));
  });

  it('goes with its organization', async () => {
    await sql('delete from organizations where id = ?', [organizationId]);
    expect(await distinct()).toEqual([]);
  });
});
