import { randomUUID } from 'node:crypto';
import { toolCacheDir } from '../../shared/load-config.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { createSearch, createSearchPort } from '../../shared/search/create-search.ts';
import { createLocalEmbedder, localModelDir } from '../../shared/search/embedding/local-embedder.ts';
import { createElasticsearchEngine } from '../../shared/search/engine/elasticsearch-index.ts';
import type { SearchPort } from '../../shared/search/port.ts';
import { startTestStack, type TestStack } from './stack.ts';
import { TEST_ENV } from './test-services.ts';

/**
 * The test stack with a worker and a real search backend (the embedded PostgreSQL one, or
 * Elasticsearch with `backend: 'elasticsearch'`) on the real local embedding model.
 */
export async function startSearchStack(
  options: { backend?: 'postgres' | 'elasticsearch'; env?: Record<string, string> } = {},
): Promise<TestStack & { search: SearchPort }> {
  const elasticsearchUrl = options.backend === 'elasticsearch' ? process.env[TEST_ENV.elasticsearchUrl] : undefined;
  if (options.backend === 'elasticsearch' && !elasticsearchUrl) throw new Error('ELASTICSEARCH_URL is not set');
  const embedder = await createLocalEmbedder({ modelDir: localModelDir(toolCacheDir()) });
  let dropIndex: (() => Promise<void>) | undefined;
  const stack = await startTestStack({
    worker: true,
    env: {
      SEARCH_INDEX_PREFIX: `test-${randomUUID().slice(0, 8)}`,
      ...(elasticsearchUrl ? { ELASTICSEARCH_URL: elasticsearchUrl } : {}),
      ...options.env,
    },
    search: async ({ orm, config }) => {
      if (!elasticsearchUrl) return createSearch(config, { orm, embedder });
      // The engine itself, to drop this stack's index afterwards.
      const elastic = createElasticsearchEngine({ url: elasticsearchUrl, prefix: config.SEARCH_INDEX_PREFIX, embedder });
      dropIndex = () => elastic.drop();
      return createSearchPort(elastic, { orm });
    },
  });
  return {
    ...stack,
    search: stack.search as SearchPort,
    async stop() {
      await dropIndex?.();
      await stack.stop();
      await embedder.close();
    },
  };
}

/** Polls until `check` stops throwing: indexing runs in the worker, after the write answered. */
export function eventually<T>(check: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  return waitFor('the search index to catch up', async () => ({ value: await check() }), { timeoutMs, intervalMs: 200 }).then(
    (found) => found.value,
  );
}
