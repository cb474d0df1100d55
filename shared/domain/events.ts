/**
 * Durable domain events, written to the `domain_events` outbox in the same transaction as the
 * change they describe; outbound deliveries and real-time fan-out read from there.
 */
export const EVENT_TYPES = [
  'incident.created',
  'incident.updated',
  'incident.status_changed',
  'incident.resolved',
  'alert.received',
  'execution.updated',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * Events only the outbox relay itself reads: never subscribable by integrations, never pushed.
 * `search.document_changed` (`data.document: {type, ids}`): documents the API wrote, to (re)index.
 * `responders.requested` (`data.responder_ids`): responders asked on the event's incident, each to page.
 * `status_update.posted` (`data.status_update`): said in the incident's chat feeds, mailed to its subscribers.
 */
export const INTERNAL_EVENT_TYPES = ['search.document_changed', 'responders.requested', 'status_update.posted'] as const;
export type InternalEventType = (typeof INTERNAL_EVENT_TYPES)[number];
