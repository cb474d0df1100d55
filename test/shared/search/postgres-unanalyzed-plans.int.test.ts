import { createHash, randomUUID } from 'node:crypto';
import { openOrm, runMigrations, type Orm } from '../../../shared/db/orm.ts';
import { createPostgresEngine, sqlRunnerFromOrm, type SqlRunner } from '../../../shared/search/engine/postgres-index.ts';
import type { SearchDocument, SearchRequest } from '../../../shared/search/port.ts';
import { createTestDatabase } from '../../helpers/test-database.ts';
import { standInEmbedder } from '../../helpers/stand-in-embedder.ts';

// The search tables of an organization that is filling up (an alert storm opening incidents) are
// ahead of the planner's statistics until autovacuum analyzes them: every estimate is a row or so.
// The statements must not then pick plans whose work grows with the square of the rows (integration:
// real PostgreSQL with pgvector, its own database, autovacuum off so the statistics stay absent).
const DIMENSIONS = 384;
const DOCUMENTS = 400;

/** A unit vector per text, alike for alike texts (a storm's incidents differ in a number only). */
const vectorOf = (text: string): number[] => {
  const digest = createHash('sha256').update(text).digest();
  const vector = Array.from({ length: DIMENSIONS }, (_, i) => 1 + ((digest[i % digest.length] as number) - 128) / 2048);
  const norm = Math.hypot(...vector);
  return vector.map((x) => x / norm);
};
const embedder = standInEmbedder('unanalyzed-plans-test', DIMENSIONS, vectorOf);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let orm: Orm | undefined;
afterAll(async () => {
  await orm?.close();
  await database?.drop();
});

describe('PostgreSQL search before the planner has statistics (integration: real PostgreSQL and pgvector)', () => {
  const organizationId = randomUUID();
  let sql: SqlRunner;
  const statements: Array<{ sql: string; params: unknown[] }> = [];
  const ids: string[] = [];

  /** The plan PostgreSQL ran for the last recorded statement `matching` picks, every node of it. */
  const executedPlan = async (matching: (statement: string) => boolean): Promise<PlanNode[]> => {
    const statement = statements.findLast((recorded) => matching(recorded.sql));
    if (!statement) throw new Error('no such statement ran');
    const [row] = await sql(`explain (analyze, format json) ${statement.sql}`, statement.params);
    const plan = (row?.['QUERY PLAN'] as Array<{ Plan: PlanNode }>)[0]?.Plan as PlanNode;
    return nodesOf(plan);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    orm = await openOrm({ databaseUrl: database.url, poolMax: 2 });
    await runMigrations(orm, database.url);
    const run = sqlRunnerFromOrm(orm);
    sql = run;
    for (const table of ['search_documents', 'search_vectors']) await sql(`alter table ${table} set (autovacuum_enabled = false)`, []);
    await sql('insert into organizations (id, name, created_at, updated_at) values (?, ?, now(), now())', [organizationId, 'storm']);
    const at = new Date(Date.UTC(2026, 10, 1));
    const documents: SearchDocument[] = Array.from({ length: DOCUMENTS }, (_, i) => {
      const id = randomUUID();
      ids.push(id);
      const title = `rate alert rate${String(i).padStart(6, '0')}`;
      return { organizationId, type: 'incident', id, title, body: title, createdAt: at };
    });
    await createPostgresEngine({ sql, embedder }).upsert(documents);
  });

  it("finds an analysis's similar incidents through each nearest vector's own documents", async () => {
    const engine = createPostgresEngine({
      sql: async (query, params) => {
        statements.push({ sql: query, params });
        return sql(query, params);
      },
      embedder,
      // Walk the vectors as for an organization with many incidents.
      exactScanDocuments: 0,
    });
    const request: SearchRequest = {
      organizationId,
      text: 'rate alert rate000007',
      mode: 'hybrid',
      limit: 5,
      feedback: false,
      types: ['incident'],
      excludeIds: [ids[7] as string],
    };
    const { hits } = await engine.search(request);
    expect(hits).toHaveLength(5);
    expect(hits.map((hit) => hit.id)).not.toContain(ids[7]);

    // Each vector found reads its documents by key: a fixed cost per vector, not a pass over the
    // organization's documents for each one.
    const walk = await executedPlan((statement) => statement.includes('from search_vectors'));
    const documentReads = walk.filter((node) => node['Relation Name'] === 'search_documents');
    expect(documentReads.length).toBeGreaterThan(0);
    for (const node of documentReads) expect(node['Index Cond']).toContain('vector_key');

    // The keyword side builds its match once, not once per row it tests.
    const keyword = await executedPlan((statement) => statement.includes('with statistics'));
    const aggregates = keyword.filter((node) => node['Node Type'] === 'Aggregate');
    expect(aggregates.length).toBeGreaterThan(0);
    for (const node of aggregates) expect(node['Actual Loops']).toBe(1);
  });
});
