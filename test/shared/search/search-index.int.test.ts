import { randomUUID } from 'node:crypto';
import { toolCacheDir } from '../../../shared/load-config.ts';
import { openOrm, runMigrations, type Orm } from '../../../shared/db/orm.ts';
import type { Embedder } from '../../../shared/search/embedding/embedder.ts';
import { createElasticsearchEngine } from '../../../shared/search/engine/elasticsearch-index.ts';
import { createLocalEmbedder, localModelDir } from '../../../shared/search/embedding/local-embedder.ts';
import { createPostgresEngine, sqlRunnerFromOrm } from '../../../shared/search/engine/postgres-index.ts';
import { createTestDatabase } from '../../helpers/test-database.ts';
import { searchIndexBehaviour } from './search-index.behaviour.ts';

// One real model for both backends: all-MiniLM-L6-v2 from the tool cache (npm run model:install).
let embedder: Promise<Embedder> | undefined;
const model = () => (embedder ??= createLocalEmbedder({ modelDir: localModelDir(toolCacheDir()) }));

let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let orm: Orm | undefined;
const organizations = async (): Promise<[string, string]> => {
  if (!orm) {
    database = await createTestDatabase();
    orm = await openOrm({ databaseUrl: database.url, poolMax: 3 });
    await runMigrations(orm, database.url);
  }
  const ids: [string, string] = [randomUUID(), randomUUID()];
  for (const id of ids) {
    await orm.em
      .getConnection()
      .execute(`insert into organizations (id, name, created_at, updated_at) values (?, ?, now(), now())`, [id, `org ${id}`]);
  }
  return ids;
};

afterAll(async () => {
  await orm?.close();
  await database?.drop();
});

describe('The search engine on PostgreSQL (integration: real PostgreSQL, real model)', () => {
  searchIndexBehaviour(async () => {
    await organizations();
    const index = createPostgresEngine({ sql: sqlRunnerFromOrm(orm as Orm), embedder: await model() });
    await index.ensureReady();
    return { index, close: () => index.close() };
  }, organizations);
});

// The path of a database without pgvector (or a model whose vectors are not 384 long): the exact scan.
describe('The search engine on PostgreSQL, exact scan (integration: real PostgreSQL, real model)', () => {
  searchIndexBehaviour(async () => {
    await organizations();
    const index = createPostgresEngine({ sql: sqlRunnerFromOrm(orm as Orm), embedder: await model(), exactScan: true });
    await index.ensureReady();
    return { index, close: () => index.close() };
  }, organizations);
});

describe('The search engine on Elasticsearch (integration: real Elasticsearch, real model)', () => {
  searchIndexBehaviour(async () => {
    const url = process.env.ELASTICSEARCH_URL;
    if (!url) throw new Error("ELASTICSEARCH_URL is not set: run through jest's integration project");
    const index = createElasticsearchEngine({
      url,
      prefix: `test-${randomUUID().slice(0, 8)}`,
      embedder: await model(),
      refreshOnWrite: true,
    });
    await index.ensureReady();
    return {
      index,
      async close() {
        await index.drop();
        await index.close();
      },
    };
  }, organizations);
});
