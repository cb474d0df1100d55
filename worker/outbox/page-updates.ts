import type { IncidentChange } from '../../shared/paging/channel.ts';
import type { PageUpdateRequest } from '../../shared/paging/page-updater.ts';
import type { OutboxEvent } from './outbox-event.ts';

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/**
 * The page-message updates a batch of events asks for: a status change acknowledges (out of
 * `active`), resolves, or brings the incident back to `active` (reopened, or re-triggered by a
 * reassignment); a batch of pages beyond the first level and round escalates it.
 */
export function planPageUpdates(events: readonly OutboxEvent[]): PageUpdateRequest[] {
  const requests: PageUpdateRequest[] = [];
  for (const event of events) {
    if (!event.incident_id) continue;
    const scope = { eventId: event.id, organizationId: event.organization_id, incidentId: event.incident_id };
    if (event.type === 'incident.status_changed') {
      const status = (event.data.incident as { status?: unknown } | undefined)?.status;
      if (typeof status !== 'string') continue;
      const action: IncidentChange['action'] = status === 'resolved' ? 'resolve' : status === 'active' ? 'reopened' : 'acknowledge';
      // Acknowledged → mitigated is no news to someone who was paged: the page said it was acknowledged.
      if (action === 'acknowledge' && event.data.previous_status !== 'active') continue;
      requests.push({ ...scope, action, status });
    } else if (event.type === 'escalation.updated') {
      const escalation = event.data.escalation as { cycle?: unknown; round?: unknown; level?: unknown } | undefined;
      const paged = { cycle: numberOr(escalation?.cycle, 1), round: numberOr(escalation?.round, 1), level: numberOr(escalation?.level, 1) };
      if (paged.round > 1 || paged.level > 1) requests.push({ ...scope, action: 'escalate', status: 'active', paged });
    }
  }
  return requests;
}
