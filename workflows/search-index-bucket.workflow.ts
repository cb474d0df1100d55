import { condition, continueAsNew, log, proxyActivities, setHandler, sleep, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { MAX_DOCUMENTS_PER_PASS, type SearchIndexBucketInput, type SearchIndexInput } from '../shared/domain/search.ts';
import { searchBatchActivityOptions } from './activity-options.ts';
import { searchBucketStateQuery, searchDocumentsChangedSignal } from './messages.ts';

const { indexDocuments, analyzeIncidents } = proxyActivities<Activities>(searchBatchActivityOptions);

const DOCUMENT_TYPES: ReadonlySet<string> = new Set(['incident', 'procedure', 'article', 'log']);

// Continue-as-new well before Temporal's history warnings (10,240 events / 10 MB), as the alert
// bucket does: an evicted bucket replays its whole history, so a short one keeps that cheap.
const MAX_HISTORY_EVENTS = 4_000;
const MAX_HISTORY_BYTES = 4 * 1024 * 1024;
// A carried document is ~100 bytes of input: this stays far below Temporal's 2 MB payload limit.
const MAX_CARRIED_DOCUMENTS = 5_000;
/** A bucket with nothing to index for this long ends; the relay's next signalWithStart starts it again. */
export const SEARCH_BUCKET_IDLE_MS = 5 * 60_000;

/**
 * One of an organization's SEARCH_INDEX_BUCKETS indexing workflows, `search-index-bucket:<org>:<n>`,
 * receiving the changed documents that hash to n (signalWithStart from the outbox relay). Keeps a
 * set of dirty documents; each pass takes up to MAX_DOCUMENTS_PER_PASS of them into one
 * `indexDocuments` (which reads each current row) and one `analyzeIncidents` for the pass's
 * incidents. A document signalled during a pass is dirty again, so the index ends on its latest
 * row. Continues as new (carrying the dirty set) before its history grows large, and ends after
 * an idle period.
 */
export async function searchIndexBucketWorkflow(input: SearchIndexBucketInput): Promise<void> {
  const dirty = new Map<string, SearchIndexInput>();
  const mark = (document: SearchIndexInput) => dirty.set(`${document.type}:${document.id}`, document);
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

  // One idle timer per quiet period, not one per pass (as in the alert bucket).
  const idleMs = input.idleMs ?? SEARCH_BUCKET_IDLE_MS;
  let lastActiveAt = Date.now();
  let idle = false;
  const watchIdle = async () => {
    while (Date.now() - lastActiveAt < idleMs) await sleep(lastActiveAt + idleMs - Date.now());
    idle = true;
  };
  void watchIdle();

  for (;;) {
    await condition(() => dirty.size > 0 || idle);
    // A signal that lands while the run completes fails that completion, and the run goes on with it.
    if (dirty.size === 0) return;
    while (dirty.size > 0) {
      const pass = [...dirty.values()].slice(0, MAX_DOCUMENTS_PER_PASS);
      for (const document of pass) dirty.delete(`${document.type}:${document.id}`);
      indexing = pass.length;
      await indexDocuments({ organizationId: input.organizationId, documents: pass.map(({ type, id }) => ({ type, id })) });
      const incidentIds = pass.filter((document) => document.type === 'incident').map((document) => document.id);
      if (incidentIds.length > 0) await analyzeIncidents({ organizationId: input.organizationId, incidentIds });
      indexing = 0;
      const info = workflowInfo();
      const runIsLong =
        info.continueAsNewSuggested ||
        info.historyLength >= (input.maxHistoryEvents ?? MAX_HISTORY_EVENTS) ||
        info.historySize >= MAX_HISTORY_BYTES;
      if (runIsLong && dirty.size <= MAX_CARRIED_DOCUMENTS) {
        await continueAsNew<typeof searchIndexBucketWorkflow>({ ...input, dirty: [...dirty.values()] });
      }
    }
    lastActiveAt = Date.now();
    if (idle) {
      idle = false;
      void watchIdle();
    }
  }
}
