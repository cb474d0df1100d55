import type { SearchIndexDocumentType } from '../../shared/domain/search.ts';

export type { OutboxEvent } from '../../shared/db/access/outbox.ts';

/** The `data` of a `search.document_changed` event (see shared/domain/events.ts). */
export interface DocumentChange {
  document: { type: SearchIndexDocumentType; ids: string[] };
}
