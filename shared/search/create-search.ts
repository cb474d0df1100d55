import type { Config } from '../config.ts';
import { createIncidentAnalysisStore } from '../db/access/incident-analyses.ts';
import { createSearchDocumentStore } from '../db/access/search-documents.ts';
import type { Orm } from '../db/orm.ts';
import { forkForStores } from '../db/tenant-filter.ts';
import { ServiceUnavailableError } from '../errors.ts';
import { analyzeIncident } from './analysis/analyze-incident.ts';
import { analyzeIncidents } from './analysis/analyze-incidents.ts';
import { cachedEmbedder, type Embedder } from './embedding/embedder.ts';
import { createHttpEmbedder } from './embedding/http-embedder.ts';
import { createLocalEmbedder, localModelDir } from './embedding/local-embedder.ts';
import { isEngineOutage, readyOnFirstUse, type SearchEngine } from './engine/engine.ts';
import { createPostgresEngine, sqlRunnerFromOrm } from './engine/postgres-index.ts';
import { indexDocument } from './indexing/index-document.ts';
import { indexDocuments } from './indexing/index-documents.ts';
import { reindexAll } from './indexing/reindex.ts';
import type { SearchPort } from './port.ts';
import { userQueryText } from './query/user-query.ts';

export { createSearchIndexer, withSearchIndexing } from './indexing/document-changes.ts';
export { scheduleSearchIndexing } from './indexing/schedule-indexing.ts';

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
export async function createEmbedder(config: SearchConfig, options: { lowPriority?: boolean } = {}): Promise<Embedder> {
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
        lowPriority: options.lowPriority ?? false,
      });
  return cachedEmbedder(inner);
}

/**
 * Elasticsearch when ELASTICSEARCH_URL is set, else the embedded engine in PostgreSQL. Its client
 * is loaded only then: a process without Elasticsearch starts without it.
 */
export async function createSearchEngine(config: SearchConfig, deps: { orm: Orm; embedder?: Embedder }): Promise<SearchEngine> {
  const embedder = deps.embedder ?? (await createEmbedder(config));
  if (!config.ELASTICSEARCH_URL) return createPostgresEngine({ sql: sqlRunnerFromOrm(deps.orm), embedder });
  const { createElasticsearchEngine } = await import('./engine/elasticsearch-index.ts');
  return createElasticsearchEngine({ url: config.ELASTICSEARCH_URL, prefix: config.SEARCH_INDEX_PREFIX, embedder });
}

/**
 * The configured search: the engine ELASTICSEARCH_URL names, else PostgreSQL, created on first use.
 * Rejects when no embedder can start (no local model installed): callers then run without search.
 * `lowPriorityEmbedding`: the local model's thread at the lowest CPU priority (the worker process).
 */
export async function createSearch(
  config: SearchConfig,
  deps: { orm: Orm; embedder?: Embedder; lowPriorityEmbedding?: boolean },
): Promise<SearchPort> {
  const embedder = deps.embedder ?? (await createEmbedder(config, { lowPriority: deps.lowPriorityEmbedding ?? false }));
  return createSearchPort(await createSearchEngine(config, { orm: deps.orm, embedder }), { orm: deps.orm });
}

/** The port over one engine (tests give theirs); the engine's index is created on first use. */
export function createSearchPort(engine: SearchEngine, deps: { orm: Orm }): SearchPort {
  const ready = readyOnFirstUse(engine);
  const documents = () => createSearchDocumentStore(forkForStores(deps.orm));
  const over = { documents, engine: ready };
  const analyzing = { analyses: () => createIncidentAnalysisStore(forkForStores(deps.orm)), engine: ready };
  return {
    backend: engine.backend,
    indexDocument: (input) => indexDocument(over, input),
    indexDocuments: (organizationId, documents) => indexDocuments(over, organizationId, documents),
    removeDocument: (input) => ready.remove(input.organizationId, input.type, input.id),
    async query({ query, errorLog, ...request }) {
      try {
        return await ready.search({ ...request, ...userQueryText({ query, errorLog }) });
      } catch (error) {
        if (isEngineOutage(error)) throw new ServiceUnavailableError('Search is temporarily unavailable; retry later', { cause: error });
        throw error;
      }
    },
    analyzeIncident: (input) => analyzeIncident(analyzing, input),
    analyzeIncidents: (input, hooks) => analyzeIncidents(analyzing, input, hooks),
    reindex: (options = {}) => reindexAll({ documents, index: ready, ...options }),
    refresh: () => ready.refresh(),
    close: () => ready.close(),
  };
}
