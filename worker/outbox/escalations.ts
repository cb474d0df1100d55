import type { OutboxEvent } from './outbox-event.ts';

/** A new escalation cycle of an incident: after it reopened (its own policy) or was reassigned (a person or a policy). */
export interface EscalationRestart {
  organizationId: string;
  incidentId: string;
  cycle: number;
  /** Reassigned to a person, or the assignee of a reopened incident: they alone are paged. */
  userId: string | null;
  /** Reassigned to a policy; null for a reopening (the incident's policy) or a person. */
  policyId: string | null;
  /** `reopened`: back to `active` (from resolved or acknowledged); `created`: opened by hand with an assignee. */
  reason: 'reopened' | 'reassigned' | 'created';
  /** When the cycle began (the event's time), epoch milliseconds. */
  at: number;
}

/** An incident acknowledged (`investigating`) in a cycle: its acknowledgement workflow may re-page it. */
export interface AcknowledgementStart {
  organizationId: string;
  incidentId: string;
  cycle: number;
  /** When it was acknowledged (the event's time), epoch milliseconds: the timeout counts from it. */
  acknowledgedAt: number;
}

/** A snooze of an acknowledged incident: its acknowledgement workflow re-pages at `until`. */
export interface SnoozeRequest {
  organizationId: string;
  incidentId: string;
  cycle: number;
  until: string;
  /** The event's time: the timeout of a run this snooze starts counts from it (the snooze replaces it anyway). */
  acknowledgedAt: number;
}

/** What a batch asks of escalations: incidents that may start one, and signals to running ones. */
export interface EscalationPlan {
  /** New incidents that need someone (active, nobody assigned): each starts one if a policy applies. */
  open: Array<{ organizationId: string; incidentId: string; at: number }>;
  /** Reopened or reassigned incidents: each starts its new cycle's escalation. */
  restart: EscalationRestart[];
  /**
   * Acknowledged (out of `active`, or assigned) or resolved incidents, in event order, each for the
   * escalation cycle it happened in (null: an event written without it, the incident's current one).
   */
  signals: Array<{ organizationId: string; incidentId: string; cycle: number | null; signal: 'acknowledge' | 'resolve' }>;
  /** Incidents acknowledged (moved to `investigating`) in a known cycle. */
  acknowledged: AcknowledgementStart[];
  /** Snoozed incidents, in event order. */
  snoozes: SnoozeRequest[];
}

interface Snapshot {
  status?: unknown;
  assignee_id?: unknown;
  escalation_cycle?: unknown;
}
const snapshotOf = (event: OutboxEvent) => (event.data.incident ?? {}) as Snapshot;
const cycleOf = (incident: Snapshot) => (typeof incident.escalation_cycle === 'number' ? incident.escalation_cycle : null);
const uuidOrNull = (value: unknown) => (typeof value === 'string' ? value : null);
const epochOf = (event: OutboxEvent) => new Date(event.created_at).getTime();

/**
 * Escalations from a batch of domain events: an `incident.created` that is active and unassigned
 * may open one (one created by hand for an assignee pages them); a move back to `active` and a
 * reassignment (an update carrying `escalation`) start a new cycle; a status change out of
 * `active` acknowledges (to `investigating`, also starting its acknowledgement timer) and to
 * `resolved` resolves; a snooze (an update carrying `snooze`) re-pages when it ends; any other
 * update that leaves the incident assigned acknowledges it (contract).
 */
export function planEscalations(events: readonly OutboxEvent[]): EscalationPlan {
  const plan: EscalationPlan = { open: [], restart: [], signals: [], acknowledged: [], snoozes: [] };
  for (const event of events) {
    if (!event.incident_id) continue;
    const incident = snapshotOf(event);
    const scope = { organizationId: event.organization_id, incidentId: event.incident_id };
    const cycle = cycleOf(incident);
    const reassigned = event.data.escalation as { cycle?: unknown; user_id?: unknown; policy_id?: unknown } | undefined;
    const snooze = event.data.snooze as { until?: unknown; cycle?: unknown } | undefined;
    const at = epochOf(event);
    if (event.type === 'incident.created' && incident.status === 'active' && !incident.assignee_id) plan.open.push({ ...scope, at });
    else if (event.type === 'incident.created' && incident.status === 'active')
      // Opened by hand for someone: they are paged through their rules (an alert never opens one assigned).
      plan.restart.push({ ...scope, cycle: cycle ?? 1, userId: uuidOrNull(incident.assignee_id), policyId: null, reason: 'created', at });
    else if (event.type === 'incident.updated' && snooze && typeof snooze.until === 'string' && typeof snooze.cycle === 'number')
      plan.snoozes.push({ ...scope, cycle: snooze.cycle, until: snooze.until, acknowledgedAt: epochOf(event) });
    else if (event.type === 'incident.updated' && reassigned && typeof reassigned.cycle === 'number')
      plan.restart.push({
        ...scope,
        cycle: reassigned.cycle,
        userId: uuidOrNull(reassigned.user_id),
        policyId: uuidOrNull(reassigned.policy_id),
        reason: 'reassigned',
        at,
      });
    else if (event.type === 'incident.status_changed' && incident.status === 'resolved')
      plan.signals.push({ ...scope, cycle, signal: 'resolve' });
    else if (event.type === 'incident.status_changed' && incident.status !== 'active') {
      plan.signals.push({ ...scope, cycle, signal: 'acknowledge' });
      if (incident.status === 'investigating' && cycle !== null)
        plan.acknowledged.push({ ...scope, cycle, acknowledgedAt: epochOf(event) });
    } else if (event.type === 'incident.status_changed' && event.data.previous_status === 'resolved' && event.data.pages === false)
      // A flapping incident reopened within its flapping period: it paged when the period began.
      continue;
    else if (
      event.type === 'incident.status_changed' &&
      event.data.previous_status !== 'active' &&
      event.data.new_cycle !== false &&
      cycle !== null &&
      cycle > 1
    )
      // Reopened or un-acknowledged (by hand, an acknowledgement timeout or a snooze's end): its
      // assignee is paged again if it has one (as on a reassignment), else its policy from level 1.
      plan.restart.push({ ...scope, cycle, userId: uuidOrNull(incident.assignee_id), policyId: null, reason: 'reopened', at });
    else if (event.type === 'incident.updated' && incident.assignee_id) plan.signals.push({ ...scope, cycle, signal: 'acknowledge' });
  }
  return plan;
}
