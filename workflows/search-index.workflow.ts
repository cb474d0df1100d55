import { defineSignal, patched, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { SearchIndexInput } from '../shared/domain/search.ts';
import { searchActivityOptions } from './activity-options.ts';

/** Sent when the document changed again while it was being indexed. */
export const searchDocumentChangedSignal = defineSignal('searchDocumentChanged');

const { indexDocument, analyzeIncident } = proxyActivities<Activities>(searchActivityOptions);

/**
 * One per document, keyed `search-index:<org>:<type>:<id>` and signalWithStarted after every
 * write: the activity reads the current row, so a change made while it ran triggers one more pass
 * and the index always ends on the latest state. While the search backend is down the activity is
 * retried (no maximum), so the write waits in Temporal instead of being lost.
 *
 * An incident's `analysis` is (re)computed right after the incident is indexed; concurrent
 * triggers coalesce into this one workflow, and the activity skips unchanged, fresh analyses, so
 * a storm of alerts on one incident costs one read per pass, not two searches.
 */
export async function searchIndexWorkflow(input: SearchIndexInput): Promise<void> {
  let dirty = true;
  setHandler(searchDocumentChangedSignal, () => {
    dirty = true;
  });
  while (dirty) {
    dirty = false;
    await indexDocument(input);
    // Histories recorded before analysis existed replay without the extra activity.
    if (input.type === 'incident' && patched('incident-analysis')) {
      await analyzeIncident({ organizationId: input.organizationId, incidentId: input.id });
    }
  }
}
