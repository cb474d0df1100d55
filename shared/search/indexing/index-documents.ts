import type { SearchDocumentStore } from '../../db/access/search-documents.ts';
import type { SearchEngine } from '../engine/engine.ts';
import type { IndexDocumentsResult, SearchDocument, SearchIndexInput } from '../port.ts';
import { loadSearchDocuments } from './documents.ts';

/**
 * Indexes a follow-up pass's documents of one organization: their current rows read from PostgreSQL
 * (one statement per type), then one `upsert` (one embedding call, one Elasticsearch `_bulk`) for those that exist; those that
 * no longer exist are removed. Every write is keyed by the document, so a retried pass writes the same.
 */
export async function indexDocuments(
  deps: { documents: () => SearchDocumentStore; engine: SearchEngine },
  organizationId: string,
  documents: ReadonlyArray<Pick<SearchIndexInput, 'type' | 'id'>>,
): Promise<IndexDocumentsResult> {
  const rows = deps.documents();
  const found: SearchDocument[] = [];
  const gone: Array<Pick<SearchIndexInput, 'type' | 'id'>> = [];
  for (const type of new Set(documents.map((document) => document.type))) {
    const ofType = documents.filter((document) => document.type === type);
    const loaded = await loadSearchDocuments(rows, organizationId, type, [...new Set(ofType.map((document) => document.id))]);
    found.push(...loaded.values());
    gone.push(...ofType.filter((document) => !loaded.has(document.id)));
  }
  await deps.engine.upsert(found);
  for (const document of gone) await deps.engine.remove(organizationId, document.type, document.id);
  return { indexed: found.length, removed: gone.length };
}
