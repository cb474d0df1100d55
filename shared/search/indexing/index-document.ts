import type { Orm } from '../../db/orm.ts';
import { forkForOrganization } from '../../db/tenant-filter.ts';
import type { SearchEngine } from '../engine/engine.ts';
import type { IndexDocumentResult, SearchIndexInput } from '../port.ts';
import { loadSearchDocument } from './documents.ts';

/** Indexes the current state of one document from PostgreSQL, or removes it when it no longer exists. */
export async function indexDocument(deps: { orm: Orm; engine: SearchEngine }, input: SearchIndexInput): Promise<IndexDocumentResult> {
  const em = forkForOrganization(deps.orm, input.organizationId);
  const document = await loadSearchDocument(em, input.organizationId, input.type, input.id);
  if (!document) {
    await deps.engine.remove(input.organizationId, input.type, input.id);
    return 'removed';
  }
  await deps.engine.upsert([document]);
  return 'indexed';
}
