import type { Config } from '../config.ts';
import type { Orm } from '../db/orm.ts';
import { cachedEmbedder, type Embedder } from './embedder.ts';
import { createElasticsearchSearchIndex } from './elasticsearch-index.ts';
import { createHttpEmbedder } from './http-embedder.ts';
import { createLocalEmbedder, localModelDir } from './local-embedder.ts';
import { createPostgresSearchIndex, sqlRunnerFromOrm } from './postgres-index.ts';
import type { SearchIndex } from './search-index.ts';

type SearchConfig = Pick<
  Config,
  | 'ELASTICSEARCH_URL'
  | 'SEARCH_INDEX_PREFIX'
  | 'EMBEDDINGS_URL'
  | 'EMBEDDINGS_MODEL'
  | 'EMBEDDINGS_DIMENSIONS'
  | 'EMBEDDINGS_API_KEY'
  | 'toolCacheDir'
> &
  Partial<Pick<Config, 'LOCAL_EMBEDDINGS_MODEL'>>;

/** The configured embedder: the HTTP provider when EMBEDDINGS_URL is set, else the local model LOCAL_EMBEDDINGS_MODEL of the tool cache. */
export async function createEmbedder(config: SearchConfig): Promise<Embedder> {
  const inner = config.EMBEDDINGS_URL
    ? createHttpEmbedder({
        url: config.EMBEDDINGS_URL,
        model: config.EMBEDDINGS_MODEL,
        dimensions: config.EMBEDDINGS_DIMENSIONS,
        apiKey: config.EMBEDDINGS_API_KEY,
      })
    : await createLocalEmbedder({
        modelDir: localModelDir(config.toolCacheDir, config.LOCAL_EMBEDDINGS_MODEL),
        model: config.LOCAL_EMBEDDINGS_MODEL,
      });
  return cachedEmbedder(inner);
}

/** Elasticsearch when ELASTICSEARCH_URL is set, else the embedded backend in PostgreSQL. */
export async function createSearchIndex(config: SearchConfig, deps: { orm: Orm; embedder?: Embedder }): Promise<SearchIndex> {
  const embedder = deps.embedder ?? (await createEmbedder(config));
  const index = config.ELASTICSEARCH_URL
    ? createElasticsearchSearchIndex({ url: config.ELASTICSEARCH_URL, prefix: config.SEARCH_INDEX_PREFIX, embedder })
    : createPostgresSearchIndex({ sql: sqlRunnerFromOrm(deps.orm), embedder });
  return readyOnFirstUse(index);
}

/**
 * Creates the index (and alias) on first use and again after a failure: a backend that is down
 * when the process starts fails the calls that need it (indexing activities then retry in
 * Temporal) instead of the process start.
 */
export function readyOnFirstUse(index: SearchIndex): SearchIndex {
  let ready: Promise<void> | undefined;
  const ensure = () => {
    ready ??= index.ensureReady().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
  return {
    backend: index.backend,
    ensureReady: ensure,
    upsert: async (documents) => (await ensure(), index.upsert(documents)),
    remove: async (organizationId, type, id) => (await ensure(), index.remove(organizationId, type, id)),
    search: async (request) => (await ensure(), index.search(request)),
    refresh: async () => (await ensure(), index.refresh()),
    close: () => index.close(),
  };
}
