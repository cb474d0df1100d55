import type { SearchDocumentStore } from '../../db/access/search-documents.ts';
import type { SearchEngine } from '../engine/engine.ts';
import type { IndexDocumentResult, SearchIndexInput } from '../port.ts';
import { loadSearchDocument } from './documents.ts';

/** Indexes the current state of one document from PostgreSQL, or removes it when it no longer exists. */
export async function indexDocument(
  deps: { documents: () => SearchDocumentStore; engine: SearchEngine },
  input: SearchIndexInput,
): Promise<IndexDocumentResult> {
  const documents = deps.documents();
  const document = await loadSearchDocument(documents, input.organizationId, input.type, input.id);
  if (!document) {
    await deps.engine.remove(input.organizationId, input.type, input.id);
    return 'removed';
  }
  await deps.engine.upsert([document]);
  return 'indexed';
}
