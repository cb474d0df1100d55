import type { EntityManager } from '@mikro-orm/postgresql';
import type { SearchIndexDocumentType } from '../../domain/search.ts';
import { recordDocumentChange } from './search-events.ts';

/**
 * The rows search documents are built from, and the outbox events that schedule their indexing.
 * Every read and write is confined to the organization given.
 */
export interface SearchDocumentStore {
  /** Records a `search.document_changed` outbox event for the documents: one statement for any number of ids. */
  recordChange(organizationId: string, type: SearchIndexDocumentType, ids: readonly string[]): Promise<void>;
}

export function createSearchDocumentStore(em: EntityManager): SearchDocumentStore {
  return {
    recordChange: (organizationId, type, ids) => recordDocumentChange(em, organizationId, type, ids),
  };
}
