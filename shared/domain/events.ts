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
