import type { EntityManager } from '@mikro-orm/core';
import type { EventType } from '../../domain/events.ts';
import type { IncidentStatus, Severity, TimelineType } from '../../domain/incident.ts';
import { DomainEventEntity, IncidentEntity, TimelineEntryEntity, type Incident } from '../entities/index.ts';

/**
 * Writes shared by the API (manual incidents, PATCH) and the worker (alerts): every change to an
 * incident leaves a timeline entry and a domain event in the same unit of work.
 */
export function addTimelineEntry(
  em: EntityManager,
  incident: Incident,
  entry: { type: TimelineType; message: string; actorId?: string | null; data?: Record<string, unknown> },
): void {
  em.create(TimelineEntryEntity, {
    organization: incident.organization,
    incident,
    type: entry.type,
    message: entry.message,
    actorId: entry.actorId ?? null,
    data: entry.data ?? {},
  });
}

export function incidentEventData(incident: Incident): Record<string, unknown> {
  return {
    id: incident.id,
    title: incident.title,
    status: incident.status,
    severity: incident.severity,
    source: incident.source,
    assignee_id: incident.assigneeId ?? null,
    alert_count: incident.alertCount,
    escalation_cycle: incident.escalationCycle ?? 1,
  };
}

export function recordDomainEvent(em: EntityManager, incident: Incident, type: EventType, extra: Record<string, unknown> = {}): void {
  em.create(DomainEventEntity, {
    organization: incident.organization,
    type,
    incidentId: incident.id,
    data: { incident: incidentEventData(incident), ...extra },
  });
}

export interface NewIncident {
  /** Chosen by the caller when something outside the database already refers to it; else a random UUID. */
  id?: string;
  organizationId: string;
  title: string;
  description?: string | null;
  severity: Severity;
  status?: IncidentStatus;
  source: string;
  integrationId?: string | null;
  fingerprint?: string | null;
  assigneeId?: string | null;
  tags?: string[];
  labels?: Record<string, string>;
  alertCount?: number;
  actorId?: string | null;
}

/** Creates an incident with its `created` timeline entry and `incident.created` event (not flushed). */
export function createIncident(em: EntityManager, input: NewIncident): Incident {
  const now = new Date();
  const status = input.status ?? 'active';
  const incident = em.create(IncidentEntity, {
    ...(input.id ? { id: input.id } : {}),
    organization: input.organizationId,
    title: input.title,
    description: input.description ?? null,
    status,
    severity: input.severity,
    source: input.source,
    integrationId: input.integrationId ?? null,
    fingerprint: input.fingerprint ?? null,
    assigneeId: input.assigneeId ?? null,
    alertCount: input.alertCount ?? 0,
    tags: input.tags ?? [],
    labels: input.labels ?? {},
    acknowledgedAt: status === 'active' || status === 'resolved' ? null : now,
    resolvedAt: status === 'resolved' ? now : null,
    mitigatedAt: status === 'mitigated' ? now : null,
    firstAssignedAt: input.assigneeId ? now : null,
  });
  addTimelineEntry(em, incident, {
    type: 'created',
    message: input.source === 'manual' ? 'Incident created' : `Incident created from a ${input.source} alert`,
    actorId: input.actorId,
    data: { severity: incident.severity, status },
  });
  recordDomainEvent(em, incident, 'incident.created');
  return incident;
}

/** Moves an incident to a status, keeping acknowledged_at/resolved_at, timeline and events right. */
export function changeIncidentStatus(
  em: EntityManager,
  incident: Incident,
  status: IncidentStatus,
  context: { actorId?: string | null; type?: TimelineType; message?: string; data?: Record<string, unknown> } = {},
): boolean {
  const previous = incident.status;
  if (previous === status) return false;
  const now = new Date();
  incident.status = status;
  // Reopening pages again: a new escalation cycle, whose workflow and pages are its own.
  if (previous === 'resolved' && status === 'active') incident.escalationCycle = (incident.escalationCycle ?? 1) + 1;
  if (status === 'resolved') incident.resolvedAt = now;
  else incident.resolvedAt = null;
  if (status !== 'active' && !incident.acknowledgedAt) incident.acknowledgedAt = now;
  if (status === 'mitigated' && !incident.mitigatedAt) incident.mitigatedAt = now;
  addTimelineEntry(em, incident, {
    type: context.type ?? 'status_changed',
    message: context.message ?? `Status changed from ${previous} to ${status}`,
    actorId: context.actorId,
    data: { from: previous, to: status, ...context.data },
  });
  recordDomainEvent(em, incident, 'incident.status_changed', { previous_status: previous });
  if (status === 'resolved') recordDomainEvent(em, incident, 'incident.resolved');
  return true;
}
