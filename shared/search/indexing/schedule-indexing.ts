import type { Client } from '@temporalio/client';
import { forEachBounded } from '../../bounded.ts';
import { searchIndexBatches, type SearchIndexInput } from '../../domain/search.ts';
import { followUpTaskQueue, workflowIds, workflowSearchAttributes } from '../../temporal/ids.ts';

/**
 * Groups the documents by organization and bucket and sends each bucket ONE signalWithStart on
 * `search-index-bucket:<org>:<n>` carrying its documents: a running bucket adds them to its dirty
 * set, a stopped one starts. Used by the outbox relay for changed documents and by the API when a
 * read finds an incident's analysis stale. At most `concurrency` signals are in flight at once.
 * `taskQueue` is the main one: a bucket starts on its follow-up queue (followUpTaskQueue), so its
 * passes run in the follow-up worker's slots. A bucket started on the main queue before that queue
 * existed is signalled where it runs and finishes there.
 */
export async function scheduleSearchIndexing(
  temporal: { client: Client; taskQueue: string },
  documents: readonly SearchIndexInput[],
  options: { concurrency?: number } = {},
): Promise<void> {
  await forEachBounded(searchIndexBatches(documents), options.concurrency ?? 16, async (batch) => {
    await temporal.client.workflow.signalWithStart('searchIndexBucketWorkflow', {
      workflowId: workflowIds.searchIndexBucket(batch.organizationId, batch.bucket),
      taskQueue: followUpTaskQueue(temporal.taskQueue),
      args: [{ organizationId: batch.organizationId, bucket: batch.bucket }],
      signal: 'searchDocumentsChanged',
      signalArgs: [{ documents: batch.documents }],
      typedSearchAttributes: workflowSearchAttributes({ organizationId: batch.organizationId }),
    });
  });
}
