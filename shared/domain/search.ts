import { fnv1a32 } from './alert-bucket.ts';

/** Workflow-safe types of search indexing (no Node built-ins here). */
export type SearchIndexDocumentType = 'incident' | 'procedure' | 'article' | 'log';

export interface SearchIndexInput {
  organizationId: string;
  type: SearchIndexDocumentType;
  id: string;
}

/**
 * How many bucket workflows share one organization's indexing (shared/search/README.md says why 8).
 * Changing it moves documents to other buckets: a document changed right then may be indexed by
 * two buckets at once, until its next change (or a reindex) puts it right.
 */
export const SEARCH_INDEX_BUCKETS = 8;

/** Documents one bucket pass indexes in one activity (and whose incidents it then analyses in one). */
export const MAX_DOCUMENTS_PER_PASS = 100;

/** A document's bucket (0 ≤ n < buckets): the same document always lands in the same workflow. */
export function searchIndexBucketOf(document: { type: string; id: string }, buckets = SEARCH_INDEX_BUCKETS): number {
  return fnv1a32(`${document.type}:${document.id}`) % Math.max(1, Math.floor(buckets));
}

/** Input of `searchIndexBucketWorkflow`, `search-index-bucket:<org>:<n>`. */
export interface SearchIndexBucketInput {
  organizationId: string;
  bucket: number;
  /** Documents still to index, carried across continue-as-new. */
  dirty?: SearchIndexInput[];
  /** Tests only: continue-as-new sooner, end sooner when idle. */
  maxHistoryEvents?: number;
  idleMs?: number;
}

/** The documents of one organization's bucket, grouped for one signal. */
export interface SearchIndexBucketBatch {
  organizationId: string;
  bucket: number;
  documents: SearchIndexInput[];
}

/** Groups documents by organization and bucket, each once (type and id), in first-seen order. */
export function searchIndexBatches(documents: readonly SearchIndexInput[], buckets = SEARCH_INDEX_BUCKETS): SearchIndexBucketBatch[] {
  const batches = new Map<string, SearchIndexBucketBatch>();
  const seen = new Set<string>();
  for (const document of documents) {
    const documentKey = `${document.organizationId}:${document.type}:${document.id}`;
    if (seen.has(documentKey)) continue;
    seen.add(documentKey);
    const bucket = searchIndexBucketOf(document, buckets);
    const key = `${document.organizationId}:${bucket}`;
    let batch = batches.get(key);
    if (!batch) {
      batch = { organizationId: document.organizationId, bucket, documents: [] };
      batches.set(key, batch);
    }
    batch.documents.push({ organizationId: document.organizationId, type: document.type, id: document.id });
  }
  return [...batches.values()];
}
