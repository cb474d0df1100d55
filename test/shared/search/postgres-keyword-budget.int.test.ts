import { randomUUID } from 'node:crypto';
import { openOrm, runMigrations, type Orm } from '../../../shared/db/orm.ts';
import { createPostgresEngine, sqlRunnerFromOrm, type SqlRunner } from '../../../shared/search/engine/postgres-index.ts';
import type { SearchDocument, SearchRequest } from '../../../shared/search/port.ts';
import { createTestDatabase } from '../../helpers/test-database.ts';
import { standInEmbedder } from '../../helpers/stand-in-embedder.ts';

// The keyword side of the PostgreSQL backend matches on a query's rarer lexemes while the planner's
// statistics put the rows they match under a budget, and ranks by all of them (integration: real
// PostgreSQL and its pg_stats). Keyword search embeds nothing; the stand-in embedder only fills rows.
const embedder = standInEmbedder('keyword-budget-test', 4, () => [0.5, 0.5, 0.5, 0.5]);

let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let orm: Orm | undefined;
afterAll(async () => {
  await orm?.close();
  await database?.drop();
});

describe('PostgreSQL keyword search under a match budget (integration: real PostgreSQL)', () => {
  const organizationId = randomUUID();
  let sql: SqlRunner;
  const at = new Date(Date.UTC(2026, 10, 1));
  const doc = (title: string, body: string): SearchDocument => ({
    organizationId,
    type: 'incident',
    id: randomUUID(),
    title,
    body,
    createdAt: at,
  });
  // 60 documents say "checkout"; 3 of them also name the rare error code.
  const common = Array.from({ length: 57 }, (_, i) => doc(`checkout latency ${i}`, `checkout pods restarted, run ${i}`));
  const rare = Array.from({ length: 3 }, (_, i) => doc(`checkout ${i} returns E4711`, `error E4711 from the checkout gateway, run ${i}`));
  const request = (text: string): SearchRequest => ({ organizationId, text, mode: 'keyword', limit: 100 });
  const ids = (hits: Array<{ id: string }>) => hits.map((hit) => hit.id).sort();

  beforeAll(async () => {
    database = await createTestDatabase();
    orm = await openOrm({ databaseUrl: database.url, poolMax: 2 });
    await runMigrations(orm, database.url);
    sql = sqlRunnerFromOrm(orm);
    // Statistics come from this test's `analyze` only, not from autovacuum in between.
    await sql('alter table search_documents set (autovacuum_enabled = false)', []);
    await sql('insert into organizations (id, name, created_at, updated_at) values (?, ?, now(), now())', [organizationId, 'budget']);
    const index = createPostgresEngine({ sql, embedder });
    await index.upsert([...common, ...rare]);
  });

  it('matches every lexeme while the table has no statistics', async () => {
    const tight = createPostgresEngine({ sql, embedder, keywordMatchBudget: 10 });
    expect((await tight.search(request('checkout E4711'))).hits).toHaveLength(60);
  });

  describe('with statistics', () => {
    beforeAll(async () => {
      await sql('analyze search_documents', []);
    });

    it('leaves a lexeme over the budget out of the match, and ranks with it', async () => {
      const tight = createPostgresEngine({ sql, embedder, keywordMatchBudget: 10 });
      const found = (await tight.search(request('checkout E4711'))).hits;
      expect(ids(found)).toEqual(ids(rare));
      // "checkout" still counts: the documents with it in the title (weight A) rank first.
      const loose = createPostgresEngine({ sql, embedder });
      const all = (await loose.search(request('checkout E4711'))).hits;
      expect(all).toHaveLength(60);
      expect(found.map((hit) => hit.score)).toEqual(all.slice(0, 3).map((hit) => hit.score));
    });

    it('matches the rarest lexeme even when it alone is over the budget', async () => {
      const tight = createPostgresEngine({ sql, embedder, keywordMatchBudget: 10 });
      expect((await tight.search(request('checkout'))).hits).toHaveLength(60);
      expect((await tight.search(request('checkout restarted'))).hits).toHaveLength(57);
    });
  });
});
