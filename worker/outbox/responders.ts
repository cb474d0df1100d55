import type { OutboxEvent } from './outbox-event.ts';

/** One responder request to page. */
export interface ResponderPageStart {
  organizationId: string;
  incidentId: string;
  responderId: string;
}

/** The responders a batch asks to page: one per id of each `responders.requested` event. */
export function planResponderPages(events: readonly OutboxEvent[]): ResponderPageStart[] {
  const starts: ResponderPageStart[] = [];
  for (const event of events) {
    if (event.type !== 'responders.requested' || !event.incident_id) continue;
    const ids = Array.isArray(event.data.responder_ids) ? event.data.responder_ids : [];
    for (const id of ids) {
      if (typeof id === 'string') starts.push({ organizationId: event.organization_id, incidentId: event.incident_id, responderId: id });
    }
  }
  return starts;
}
