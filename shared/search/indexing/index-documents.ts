import type { Orm } from '../../db/orm.ts';
import { forkForOrganization } from '../../db/tenant-filter.ts';
import type { SearchEngine } from '../engine/engine.ts';
import type { IndexDocumentsResult, SearchDocument, SearchIndexInput } from '../port.ts';
import { loadSearchDocument } from './documents.ts';

/**
 * Indexes a follow-up pass's documents of one organization: each current row read from PostgreSQL,
 * then one `upsert` (one embedding call, one Elasticsearch `_bulk`) for those that exist; those that
 * no longer exist are removed. Every write is keyed by the document, so a retried pass writes the same.
 */
export async function indexDocuments(
  deps: { orm: Orm; engine: SearchEngine },
  organizationId: string,
  documents: ReadonlyArray<Pick<SearchIndexInput, 'type' | 'id'>>,
): Promise<IndexDocumentsResult> {
  const em = forkForOrganization(deps.orm, organizationId);
  const found: SearchDocument[] = [];
  const gone: Array<Pick<SearchIndexInput, 'type' | 'id'>> = [];
  for (const document of documents) {
    const loaded = await loadSearchDocument(em, organizationId, document.type, document.id);
    if (loaded) found.push(loaded);
    else gone.push(document);
  }
  await deps.engine.upsert(found);
  for (const document of gone) await deps.engine.remove(organizationId, document.type, document.id);
  return { indexed: found.length, removed: gone.length };
}
