import type { SearchIndexDocumentType, SearchIndexInput } from '../../shared/domain/search.ts';
import type { DocumentChange, OutboxEvent } from './outbox-event.ts';

const DOCUMENT_TYPES: ReadonlySet<string> = new Set<SearchIndexDocumentType>(['incident', 'procedure', 'article', 'log']);

/** The documents named by a `search.document_changed` event; anything malformed names none. */
function changedDocuments(event: OutboxEvent): Array<{ type: SearchIndexDocumentType; id: string }> {
  const document = (event.data as Partial<DocumentChange>).document;
  if (!document || !DOCUMENT_TYPES.has(document.type) || !Array.isArray(document.ids)) return [];
  return document.ids.filter((id): id is string => typeof id === 'string').map((id) => ({ type: document.type, id }));
}

/**
 * Alerts that joined an ungrouped incident and left its severity as it was: the incident's document
 * (title, description, tags, severity, status) is unchanged, so a storm on one incident does not
 * index and analyse it again with every batch. A grouped incident's announcement (at most once per
 * group_interval) still does, so a severity raised between two announcements reaches the index.
 */
const JOINED_ALERTS_ONLY: ReadonlySet<string> = new Set(['incident', 'alert_ids', 'alert_id']);
const joinedAlertsOnly = (event: OutboxEvent) =>
  event.type === 'incident.updated' &&
  Array.isArray(event.data.alert_ids) &&
  Object.keys(event.data).every((key) => JOINED_ALERTS_ONLY.has(key));

/**
 * The search documents a batch changed, once each (one indexing pass covers all of a document's
 * changes): the incident of every `incident.*` event but alerts joining it unchanged, and the
 * documents `search.document_changed` events name (procedures, articles, logs written by the API).
 * Each keeps its event's organization.
 */
export function documentsToIndex(events: OutboxEvent[]): SearchIndexInput[] {
  const seen = new Map<string, SearchIndexInput>();
  const add = (organizationId: string, type: SearchIndexDocumentType, id: string) => {
    const key = `${organizationId}:${type}:${id}`;
    if (!seen.has(key)) seen.set(key, { organizationId, type, id });
  };
  for (const event of events) {
    if (event.incident_id && event.type.startsWith('incident.') && !joinedAlertsOnly(event))
      add(event.organization_id, 'incident', event.incident_id);
    if (event.type === 'search.document_changed')
      for (const document of changedDocuments(event)) add(event.organization_id, document.type, document.id);
  }
  return [...seen.values()];
}
