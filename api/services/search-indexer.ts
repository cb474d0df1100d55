import type { Logger } from '../../shared/logger.ts';
import type { AuthContext } from '../auth-context.ts';
import type { SearchIndexInput } from '../../shared/domain/search.ts';
import type { TemporalClient } from '../../shared/temporal/client.ts';
import { scheduleSearchIndexing } from '../../shared/search/schedule-indexing.ts';

export interface SearchIndexer {
  /** Asks the worker to (re)index one document after a committed write; never fails the write. */
  schedule(input: SearchIndexInput): Promise<void>;
}

/** Schedules indexing after the API's own writes (knowledge base, procedures, logs). */
export function createSearchIndexer(deps: { temporal: TemporalClient; logger: Logger }): SearchIndexer {
  return {
    async schedule(input) {
      try {
        await scheduleSearchIndexing(deps.temporal, input);
      } catch (error) {
        // The row is committed; `npm run search:reindex` repairs what a Temporal outage missed.
        deps.logger.warn({ err: error, ...input }, 'could not schedule search indexing');
      }
    },
  };
}

type Writer = {
  create(auth: AuthContext, ...rest: never[]): Promise<{ id: string }>;
  update(auth: AuthContext, id: string, ...rest: never[]): Promise<unknown>;
  remove?(auth: AuthContext, id: string): Promise<unknown>;
};

/**
 * Wraps a resource service so every committed create, update and delete schedules (re)indexing of
 * that document; the service itself stays unaware of search.
 */
export function withSearchIndexing<S extends Writer>(service: S, type: SearchIndexInput['type'], indexer: SearchIndexer): S {
  const schedule = (auth: AuthContext, id: string) => indexer.schedule({ organizationId: auth.organizationId, type, id });
  const wrapped: Writer = {
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
