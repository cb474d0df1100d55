import type { Client } from '@temporalio/client';
import type { SearchIndexInput } from '../../domain/search.ts';
import { workflowIds } from '../../temporal/ids.ts';

/**
 * signalWithStart on `search-index:<org>:<type>:<id>`: one indexing workflow per document, and a
 * pass already running picks the change up again. Used by the outbox relay for changed documents
 * and by the API when a read finds an incident's analysis stale.
 */
export async function scheduleSearchIndexing(temporal: { client: Client; taskQueue: string }, input: SearchIndexInput): Promise<void> {
  await temporal.client.workflow.signalWithStart('searchIndexWorkflow', {
    workflowId: workflowIds.searchIndex(input.organizationId, input.type, input.id),
    taskQueue: temporal.taskQueue,
    args: [input],
    signal: 'searchDocumentChanged',
    signalArgs: [],
  });
}
