import { randomBytes, randomUUID } from 'node:crypto';
import { NativeConnection, type Worker } from '@temporalio/worker';
import supertest from 'supertest';
import { createApp } from '../../api/app.ts';
import { buildAppDeps } from '../../api/deps.ts';
import { parseConfig } from '../../shared/config.ts';
import { toolCacheDir } from '../../shared/dev/tool-cache.ts';
import { openOrm, runMigrations, type Orm } from '../../shared/db/orm.ts';
import { createLogger } from '../../shared/logger.ts';
import { readyOnFirstUse } from '../../shared/search/create-search-index.ts';
import { createElasticsearchSearchIndex } from '../../shared/search/elasticsearch-index.ts';
import { createLocalEmbedder, localModelDir, type LocalEmbedder } from '../../shared/search/local-embedder.ts';
import { createPostgresSearchIndex, sqlRunnerFromOrm } from '../../shared/search/postgres-index.ts';
import type { SearchIndex } from '../../shared/search/search-index.ts';
import { connectTemporal } from '../../shared/temporal/client.ts';
import { createDeliveryDeps } from '../../worker/delivery-runtime.ts';
import { createWorker } from '../../worker/worker.ts';
import { createTestDatabase } from './stack.ts';
import { TEST_ENV } from './test-services.ts';

/**
 * The API and a worker wired with a real search backend (the embedded PostgreSQL one, or
 * Elasticsearch with `backend: 'elasticsearch'`) and the real local embedding model.
 */
export async function startSearchStack(options: { backend?: 'postgres' | 'elasticsearch' } = {}) {
  const database = await createTestDatabase();
  const taskQueue = `test-${randomUUID()}`;
  const temporalAddress = process.env[TEST_ENV.temporalAddress];
  if (!temporalAddress) throw new Error('run integration tests through jest\'s integration project');
  const elasticsearchUrl = options.backend === 'elasticsearch' ? process.env[TEST_ENV.elasticsearchUrl] : undefined;
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TOCSIN_TEST_VERBOSE === '1' ? 'debug' : 'silent',
    DATABASE_URL: database.url,
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_TASK_QUEUE: taskQueue,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    ELASTICSEARCH_URL: elasticsearchUrl,
    SEARCH_INDEX_PREFIX: `test-${randomUUID().slice(0, 8)}`,
  });
  const logger = createLogger({ name: 'tocsin-test', level: config.LOG_LEVEL });
  const orm: Orm = await openOrm({ databaseUrl: database.url, poolMax: 5 });
  await runMigrations(orm, database.url);
  const embedder: LocalEmbedder = await createLocalEmbedder({ modelDir: localModelDir(toolCacheDir()) });
  const elastic = elasticsearchUrl
    ? createElasticsearchSearchIndex({ url: elasticsearchUrl, prefix: config.SEARCH_INDEX_PREFIX, embedder })
    : undefined;
  const search: SearchIndex = readyOnFirstUse(elastic ?? createPostgresSearchIndex({ sql: sqlRunnerFromOrm(orm), embedder }));
  const temporal = await connectTemporal({ address: temporalAddress, namespace: config.TEMPORAL_NAMESPACE, taskQueue });
  const connection = await NativeConnection.connect({ address: temporalAddress });
  const worker: Worker = await createWorker({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue,
    deps: { orm, search, ...createDeliveryDeps(config, config.ENCRYPTION_KEY as string) },
  });
  const running = worker.run();
  const app = createApp(buildAppDeps(config, logger, { orm, temporal, search, jwtSecret: config.JWT_SECRET as string, encryptionKey: config.ENCRYPTION_KEY as string }));
  return {
    config,
    orm,
    search,
    temporal,
    http: supertest(app.callback()),
    async stop() {
      worker.shutdown();
      await running;
      await connection.close();
      await temporal.close();
      await elastic?.drop();
      await search.close();
      await embedder.close();
      await orm.close();
      await database.drop();
    },
  };
}

/** Polls until `check` passes: indexing runs in the worker, after the write answered. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
