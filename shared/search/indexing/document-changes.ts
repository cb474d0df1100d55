import type { SearchDocumentStore } from '../../db/access/search-documents.ts';
import type { SearchIndexInput } from '../../domain/search.ts';
import type { Logger } from '../../logger.ts';
import type { SearchIndexer } from '../port.ts';

/** Who writes: the organization is all indexing needs of the caller's credential. */
type Writer = { organizationId: string };

/**
 * Indexing after the API's own writes (knowledge base, procedures, logs) goes through the outbox,
 * like incidents: a `search.document_changed` event, which the worker's relay turns into indexing
 * workflows (worker/outbox/). Temporal being away delays indexing instead of losing it.
 */
export function createSearchIndexer(deps: { documents: () => SearchDocumentStore; logger: Logger }): SearchIndexer {
  const scheduleAll: SearchIndexer['scheduleAll'] = async (organizationId, type, ids) => {
    try {
      await deps.documents().recordChange(organizationId, type, ids);
    } catch (error) {
      // The write is committed; `npm run search:reindex` repairs what the database refused here.
      deps.logger.warn({ err: error, organizationId, type, ids: ids.length }, 'could not record a search document change');
    }
  };
  return {
    schedule: (input) => scheduleAll(input.organizationId, input.type, [input.id]),
    scheduleAll,
  };
}

type WritingService = {
  create(auth: Writer, ...rest: never[]): Promise<{ id: string }>;
  update(auth: Writer, id: string, ...rest: never[]): Promise<unknown>;
  remove?(auth: Writer, id: string): Promise<unknown>;
};

/**
 * Wraps a resource service so every committed create, update and delete schedules (re)indexing of
 * that document; the service itself stays unaware of search.
 */
export function withSearchIndexing<S extends WritingService>(service: S, type: SearchIndexInput['type'], indexer: SearchIndexer): S {
  const schedule = (auth: Writer, id: string) => indexer.schedule({ organizationId: auth.organizationId, type, id });
  const wrapped: WritingService = {
    async create(auth, ...rest) {
      const created = await service.create(auth, ...rest);
      await schedule(auth, created.id);
      return created;
    },
    async update(auth, id, ...rest) {
      const updated = await service.update(auth, id, ...rest);
      await schedule(auth, id);
      return updated;
    },
  };
  if (service.remove) {
    const remove = service.remove.bind(service);
    wrapped.remove = async (auth, id) => {
      const removed = await remove(auth, id);
      await schedule(auth, id);
      return removed;
    };
  }
  return { ...service, ...wrapped };
}
