import type { SearchDocumentStore } from '../../db/access/search-documents.ts';
import { loadSearchDocuments } from './documents.ts';
import { SEARCH_DOCUMENT_TYPES, type SearchDocumentType } from '../port.ts';
import type { SearchEngine } from '../engine/engine.ts';

/**
 * Rebuilds the index from PostgreSQL, the source of truth: every organization, every document
 * type, in batches. Used after a mapping or model change (a new versioned index) and to repair
 * writes that never reached the index.
 */
export async function reindexAll(options: {
  /** A fresh unit of work per call: each batch reads through its own, so none holds what it read. */
  documents: () => SearchDocumentStore;
  index: SearchEngine;
  types?: SearchDocumentType[];
  batchSize?: number;
  log?: (message: string) => void;
}): Promise<number> {
  const log = options.log ?? (() => {});
  // Logs live in the index only on Elasticsearch (PostgreSQL serves GET /logs from its own table).
  const types = options.types ?? SEARCH_DOCUMENT_TYPES.filter((type) => type !== 'log' || options.index.backend === 'elasticsearch');
  const organizationIds = await options.documents().organizationIdsAcrossOrganizations();
  let count = 0;
  for (const organizationId of organizationIds) {
    for (const type of types) {
      const ids = await options.documents().ids(organizationId, type);
      for (let start = 0; start < ids.length; start += options.batchSize ?? 64) {
        const batch = [
          ...(
            await loadSearchDocuments(options.documents(), organizationId, type, ids.slice(start, start + (options.batchSize ?? 64)))
          ).values(),
        ];
        await options.index.upsert(batch);
        count += batch.length;
      }
      if (ids.length) log(`${organizationId}: ${ids.length} ${type} document(s)`);
    }
  }
  await options.index.refresh();
  return count;
}
