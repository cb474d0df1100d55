import { ApplicationFailure, Context } from '@temporalio/activity';
import { SEARCH_DOCUMENT_TYPES, type SearchIndexInput, type SearchPort } from '../shared/search/port.ts';

/** Tells Temporal a long pass is alive; a no-op when called outside an activity (unit tests). */
export function heartbeatIfInActivity(): void {
  try {
    Context.current().heartbeat();
  } catch {
    // Not inside an activity.
  }
}

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

    /**
     * Indexes the current state of a bucket pass's documents, all of `organizationId`, one after the
     * other (each read from PostgreSQL and upserted, or removed when gone). A failure retries the
     * whole pass: each document's indexing is idempotent.
     */
    async indexDocuments(input: {
      organizationId: string;
      documents: Array<Pick<SearchIndexInput, 'type' | 'id'>>;
    }): Promise<{ indexed: number; removed: number; skipped: number }> {
      const counts = { indexed: 0, removed: 0, skipped: 0 };
      for (const document of input.documents) {
        // An unknown type is skipped, not fatal: it would otherwise stop the bucket's other documents.
        if (!deps.search || !SEARCH_DOCUMENT_TYPES.includes(document.type)) counts.skipped += 1;
        else counts[await deps.search.indexDocument({ organizationId: input.organizationId, type: document.type, id: document.id })] += 1;
        heartbeatIfInActivity();
      }
      return counts;
    },

    /** Removes one document from the index (a delete that must not wait for a reload). */
    async removeDocument(input: SearchIndexInput): Promise<void> {
      await deps.search?.removeDocument(input);
    },
  };
}
