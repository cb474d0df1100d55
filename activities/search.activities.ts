import { ApplicationFailure } from '@temporalio/activity';
import type { Orm } from '../shared/db/orm.ts';
import { forkForOrganization } from '../shared/db/tenant-filter.ts';
import { loadSearchDocument } from '../shared/search/documents.ts';
import { SEARCH_DOCUMENT_TYPES, type SearchIndex } from '../shared/search/search-index.ts';
import type { SearchIndexInput } from '../shared/domain/search.ts';

export interface SearchActivityDeps {
  orm: Orm;
  /** Absent in processes started without search (some tests): indexing then does nothing. */
  search?: SearchIndex;
}

/** Keeps the search index in step with PostgreSQL, the source of truth. */
export function createSearchActivities(deps: SearchActivityDeps) {
  return {
    /** Indexes the current state of one document, or removes it when it no longer exists. */
    async indexDocument(input: SearchIndexInput): Promise<'indexed' | 'removed' | 'skipped'> {
      if (!deps.search) return 'skipped';
      if (!SEARCH_DOCUMENT_TYPES.includes(input.type)) throw ApplicationFailure.nonRetryable(`unknown search document type ${input.type}`);
      const em = forkForOrganization(deps.orm, input.organizationId);
      const document = await loadSearchDocument(em, input.organizationId, input.type, input.id);
      if (!document) {
        await deps.search.remove(input.organizationId, input.type, input.id);
        return 'removed';
      }
      await deps.search.upsert([document]);
      return 'indexed';
    },

    /** Removes one document from the index (a delete that must not wait for a reload). */
    async removeDocument(input: SearchIndexInput): Promise<void> {
      await deps.search?.remove(input.organizationId, input.type, input.id);
    },
  };
}
