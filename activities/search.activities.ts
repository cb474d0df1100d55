import { ApplicationFailure } from '@temporalio/activity';
import { SEARCH_DOCUMENT_TYPES, type SearchIndexInput, type SearchPort } from '../shared/search/port.ts';

export interface SearchActivityDeps {
  /** Absent in processes started without search (some tests): indexing then does nothing. */
  search?: SearchPort;
}

/** Keeps the search index in step with PostgreSQL, the source of truth. */
export function createSearchActivities(deps: SearchActivityDeps) {
  return {
    /** Indexes the current state of one document, or removes it when it no longer exists. */
    async indexDocument(input: SearchIndexInput): Promise<'indexed' | 'removed' | 'skipped'> {
      if (!deps.search) return 'skipped';
      if (!SEARCH_DOCUMENT_TYPES.includes(input.type)) throw ApplicationFailure.nonRetryable(`unknown search document type ${input.type}`);
      return deps.search.indexDocument(input);
    },

    /** Removes one document from the index (a delete that must not wait for a reload). */
    async removeDocument(input: SearchIndexInput): Promise<void> {
      await deps.search?.removeDocument(input);
    },
  };
}
