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
  /**
   * Awaited before each unit of follow-up work: waits while the process's critical path (ingestion,
   * paging, the outbox relay) is busy, for a bounded time (worker/follow-up-pacer.ts). Absent: no wait.
   */
  followUpPace?: (whileWaiting: () => void) => Promise<unknown>;
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
     * Indexes the current state of a bucket pass's documents, all of `organizationId`, in one batch
     * (read from PostgreSQL, one embedding call and one bulk write; removed when gone). A failure
     * retries the whole pass: indexing is keyed by document, so a repeated pass writes the same.
     */
    async indexDocuments(input: {
      organizationId: string;
      documents: Array<Pick<SearchIndexInput, 'type' | 'id'>>;
    }): Promise<{ indexed: number; removed: number; skipped: number }> {
      // An unknown type is skipped, not fatal: it would otherwise stop the bucket's other documents.
      const known = deps.search ? input.documents.filter((document) => SEARCH_DOCUMENT_TYPES.includes(document.type)) : [];
      const skipped = input.documents.length - known.length;
      if (!deps.search || known.length === 0) return { indexed: 0, removed: 0, skipped };
      heartbeatIfInActivity();
      await deps.followUpPace?.(heartbeatIfInActivity);
      const counts = await deps.search.indexDocuments(input.organizationId, known);
      heartbeatIfInActivity();
      return { ...counts, skipped };
    },

    /** Removes one document from the index (a delete that must not wait for a reload). */
    async removeDocument(input: SearchIndexInput): Promise<void> {
      await deps.search?.removeDocument(input);
    },
  };
}
