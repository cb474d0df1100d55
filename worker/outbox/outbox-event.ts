import type { SearchIndexDocumentType } from '../../shared/domain/search.ts';

/** A domain event as the outbox relay reads it: one row of `domain_events`. */
export interface OutboxEvent {
  id: string;
  organization_id: string;
  type: string;
  incident_id: string | null;
  data: Record<string, unknown>;
  created_at: Date | string;
}

/** The `data` of a `search.document_changed` event (see shared/domain/events.ts). */
export interface DocumentChange {
  document: { type: SearchIndexDocumentType; ids: string[] };
}
