import type { OutboxEvent } from './outbox-event.ts';

/** What a batch asks of escalations: incidents that may start one, and signals to running ones. */
export interface EscalationPlan {
  /** New incidents that need someone (active, nobody assigned): each starts one if a policy applies. */
  open: Array<{ organizationId: string; incidentId: string }>;
  /** Acknowledged (out of `active`, or assigned) or resolved incidents, in event order. */
  signals: Array<{ organizationId: string; incidentId: string; signal: 'acknowledge' | 'resolve' }>;
}

const snapshotOf = (event: OutboxEvent) => (event.data.incident ?? {}) as { status?: unknown; assignee_id?: unknown };

/**
 * Escalations from a batch of domain events: an `incident.created` that is active and unassigned
 * may open one; a status change out of `active` acknowledges it and to `resolved` resolves it; an
 * update that leaves the incident assigned acknowledges it (contract: acknowledging is either).
 */
export function planEscalations(events: readonly OutboxEvent[]): EscalationPlan {
  const plan: EscalationPlan = { open: [], signals: [] };
  for (const event of events) {
    if (!event.incident_id) continue;
    const incident = snapshotOf(event);
    const scope = { organizationId: event.organization_id, incidentId: event.incident_id };
    if (event.type === 'incident.created' && incident.status === 'active' && !incident.assignee_id) plan.open.push(scope);
    else if (event.type === 'incident.status_changed' && incident.status === 'resolved') plan.signals.push({ ...scope, signal: 'resolve' });
    else if (event.type === 'incident.status_changed' && incident.status !== 'active')
      plan.signals.push({ ...scope, signal: 'acknowledge' });
    else if (event.type === 'incident.updated' && incident.assignee_id) plan.signals.push({ ...scope, signal: 'acknowledge' });
  }
  return plan;
}
