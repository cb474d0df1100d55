import type { SearchBackend, SearchDocument, SearchDocumentType, SearchRequest, SearchResult } from '../port.ts';

/** Where search documents live; the two engines (Elasticsearch, PostgreSQL) behave the same. */
export interface SearchEngine {
  readonly backend: SearchBackend;
  /** Creates what the engine needs (index + alias); idempotent. */
  ensureReady(): Promise<void>;
  upsert(documents: SearchDocument[]): Promise<void>;
  remove(organizationId: string, type: SearchDocumentType, id: string): Promise<void>;
  search(request: SearchRequest): Promise<SearchResult>;
  /** Several searches in one round trip, their query texts embedded in one call (Elasticsearch); absent where the engine has none. */
  searchAll?(requests: SearchRequest[]): Promise<SearchResult[]>;
  /** Makes writes visible to search now (Elasticsearch refresh). */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

/** A document's stored fields as both engines name them (beside its id and embedding). */
export const storedFields = (doc: SearchDocument) => ({
  organization_id: doc.organizationId,
  type: doc.type,
  title: doc.title,
  body: doc.body,
  severity: doc.severity ?? null,
  status: doc.status ?? null,
  created_at: doc.createdAt.toISOString(),
});

/**
 * Creates the index (and alias) on first use and again after a failure: an engine that is down
 * when the process starts fails the calls that need it (indexing activities then retry in
 * Temporal) instead of the process start.
 */
export function readyOnFirstUse(engine: SearchEngine): SearchEngine {
  let ready: Promise<void> | undefined;
  const ensure = () => {
    ready ??= engine.ensureReady().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
  const searchAll = engine.searchAll?.bind(engine);
  return {
    backend: engine.backend,
    ensureReady: ensure,
    upsert: async (documents) => (await ensure(), engine.upsert(documents)),
    remove: async (organizationId, type, id) => (await ensure(), engine.remove(organizationId, type, id)),
    search: async (request) => (await ensure(), engine.search(request)),
    // Only where the engine has one round trip for many: callers search one at a time otherwise.
    ...(searchAll ? { searchAll: async (requests: SearchRequest[]) => (await ensure(), searchAll(requests)) } : {}),
    refresh: async () => (await ensure(), engine.refresh()),
    close: () => engine.close(),
  };
}

// Matched by name so callers stay independent of the Elasticsearch client library.
const OUTAGE_ERRORS = new Set(['ConnectionError', 'TimeoutError', 'NoLivingConnectionsError']);

/** The engine being unreachable or overloaded: an outage (retry later), not a bug. */
export function isEngineOutage(error: unknown): boolean {
  const { name, statusCode } = (error ?? {}) as { name?: string; statusCode?: number };
  return OUTAGE_ERRORS.has(name ?? '') || (name === 'ResponseError' && (statusCode ?? 0) >= 500);
}
