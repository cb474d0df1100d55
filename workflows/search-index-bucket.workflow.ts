import { continueAsNew, log, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { MAX_DOCUMENTS_PER_PASS, type SearchIndexBucketInput, type SearchIndexInput } from '../shared/domain/search.ts';
import { searchBatchActivityOptions } from './activity-options.ts';
import { drainSignalBatches } from './helpers/signal-batch-drain.ts';
import { searchBucketStateQuery, searchDocumentsChangedSignal } from './messages.ts';

const { indexDocuments, analyzeIncidents } = proxyActivities<Activities>(searchBatchActivityOptions);

const DOCUMENT_TYPES: ReadonlySet<string> = new Set(['incident', 'procedure', 'article', 'log']);

// A carried document is ~100 bytes of input: this stays far below Temporal's 2 MB payload limit.
const MAX_CARRIED_DOCUMENTS = 5_000;

/**
 * One of an organization's SEARCH_INDEX_BUCKETS indexing workflows, `search-index-bucket:<org>:<n>`,
 * receiving the changed documents that hash to n (signalWithStart from the outbox relay). Keeps a
 * set of dirty documents; each pass takes up to MAX_DOCUMENTS_PER_PASS of them into one
 * `indexDocuments` (which reads each current row) and one `analyzeIncidents` for the pass's
 * incidents. A document signalled during a pass is dirty again, so the index ends on its latest
 * row. Continues as new (carrying the dirty set) before its history grows large, and ends after
 * an idle period (drainSignalBatches).
 */
export function searchIndexBucketWorkflow(input: SearchIndexBucketInput): Promise<void> {
  const dirty = new Map<string, SearchIndexInput>();
  const keyOf = (document: SearchIndexInput) => `${document.type}:${document.id}`;
  const mark = (document: SearchIndexInput) => dirty.set(keyOf(document), document);
  for (const document of input.dirty ?? []) mark(document);
  setHandler(searchDocumentsChangedSignal, ({ documents }) => {
    // The relay only sends a bucket its own organization's documents; anything else is refused
    // here, so a pass (read and written as one organization) never touches another tenant's row.
    let refused = 0;
    for (const document of documents) {
      if (document.organizationId === input.organizationId && DOCUMENT_TYPES.has(document.type) && typeof document.id === 'string') {
        mark({ organizationId: input.organizationId, type: document.type, id: document.id });
      } else refused += 1;
    }
    if (refused > 0) log.warn('search documents of another organization or unknown type refused', { refused });
  });

  let indexing = 0;
  setHandler(searchBucketStateQuery, () => ({ dirty: dirty.size, indexing }));

  return drainSignalBatches({
    queued: () => dirty.size,
    *runBatch() {
      const pass = [...dirty.values()].slice(0, MAX_DOCUMENTS_PER_PASS);
      for (const document of pass) dirty.delete(keyOf(document));
      indexing = pass.length;
      yield indexDocuments({ organizationId: input.organizationId, documents: pass.map(({ type, id }) => ({ type, id })) });
      const incidentIds = pass.filter((document) => document.type === 'incident').map((document) => document.id);
      if (incidentIds.length > 0) yield analyzeIncidents({ organizationId: input.organizationId, incidentIds });
      indexing = 0;
    },
    continueAsNew: () => continueAsNew<typeof searchIndexBucketWorkflow>({ ...input, dirty: [...dirty.values()] }),
    maxCarried: MAX_CARRIED_DOCUMENTS,
    idleMs: input.idleMs,
    maxHistoryEvents: input.maxHistoryEvents,
  });
}
