import type { SearchDocumentStore } from '../../db/access/search-documents.ts';
import type { SearchEngine } from '../engine/engine.ts';
import type { IndexDocumentsResult, SearchDocument, SearchIndexInput } from '../port.ts';
import { loadSearchDocument } from './documents.ts';

/**
 * Indexes a follow-up pass's documents of one organization: each current row read from PostgreSQL,
 * then one `upsert` (one embedding call, one Elasticsearch `_bulk`) for those that exist; those that
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
  for (const document of documents) {
    const loaded = await loadSearchDocument(rows, organizationId, document.type, document.id);
    if (loaded) found.push(loaded);
    else gone.push(document);
  }
  await deps.engine.upsert(found);
  for (const document of gone) await deps.engine.remove(organizationId, document.type, document.id);
  return { indexed: found.length, removed: gone.length };
}
