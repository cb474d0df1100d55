import { raw, type EntityManager, type FilterQuery } from '@mikro-orm/core';
import { IncidentSchema, TimelineEntrySchema, UserSchema, type Incident, type TimelineEntry } from '../../shared/db/entities/index.ts';
import { addTimelineEntry, changeIncidentStatus, createIncident, recordDomainEvent } from '../../shared/db/repositories/incident-writes.ts';
import { NotFoundError, ValidationError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';

export interface IncidentView {
  id: string;
  title: string;
  description: string | null;
  status: string;
  severity: string;
  assignee_id: string | null;
  source: string;
  integration_id: string | null;
  fingerprint: string | null;
  alert_count: number;
  tags: string[];
  created_at: string;
  updated_at: string;
  acknowledged_at: string | null;
  resolved_at: string | null;
}

export const incidentView = (incident: Incident): IncidentView => ({
  id: incident.id,
  title: incident.title,
  description: incident.description ?? null,
  status: incident.status,
  severity: incident.severity,
  assignee_id: incident.assigneeId ?? null,
  source: incident.source,
  integration_id: incident.integrationId ?? null,
  fingerprint: incident.fingerprint ?? null,
  alert_count: incident.alertCount,
  tags: incident.tags,
  created_at: incident.createdAt.toISOString(),
  updated_at: incident.updatedAt.toISOString(),
  acknowledged_at: incident.acknowledgedAt?.toISOString() ?? null,
  resolved_at: incident.resolvedAt?.toISOString() ?? null,
});

const timelineView = (entry: TimelineEntry) => ({
  id: entry.id,
  type: entry.type,
  message: entry.message,
  actor_id: entry.actorId ?? null,
  data: entry.data,
  created_at: entry.createdAt.toISOString(),
});

export interface IncidentListQuery {
  limit: number;
  offset: number;
  status?: string;
  severity?: string;
  assignee_id?: string;
  created_after?: string;
  created_before?: string;
  search?: string;
}

export type IncidentService = ReturnType<typeof createIncidentService>;

/** Incidents over the API; `onResolved` tells the open ingestion workflow, so new alerts open a new incident. */
export function createIncidentService(deps: {
  em: () => EntityManager;
  onResolved: (incident: Incident) => Promise<void>;
  /** The detail's `analysis` (similar incidents, suggested procedures) once search is wired. */
  analyze?: (auth: AuthContext, incident: Incident) => Promise<Record<string, unknown>>;
}) {
  const load = async (id: string) => {
    const incident = await deps.em().findOne(IncidentSchema, { id });
    if (!incident) throw new NotFoundError('Incident');
    return incident;
  };

  const assertAssignable = async (assigneeId: string | null | undefined) => {
    // The tenant filter limits the lookup to the caller's organization.
    if (assigneeId && !(await deps.em().count(UserSchema, { id: assigneeId }))) {
      throw new ValidationError([{ path: 'body.assignee_id', message: 'No such user in this organization' }]);
    }
  };

  return {
    async list(_auth: AuthContext, query: IncidentListQuery) {
      const where: FilterQuery<Incident> & Record<string, unknown> = {};
      if (query.status) where.status = query.status;
      if (query.severity) where.severity = query.severity;
      if (query.assignee_id) where.assigneeId = query.assignee_id;
      if (query.created_after || query.created_before) {
        where.createdAt = {
          ...(query.created_after ? { $gte: new Date(query.created_after) } : {}),
          ...(query.created_before ? { $lt: new Date(query.created_before) } : {}),
        };
      }
      if (query.search) {
        // Same expression as the GIN index of the ingestion migration, so the index serves it.
        const matches = raw(
          (alias) => `(to_tsvector('english', coalesce(${alias}.title, '') || ' ' || coalesce(${alias}.description, '')) @@ websearch_to_tsquery('english', ?))`,
          [query.search],
        );
        Object.assign(where, { [matches]: true });
      }
      const [items, total] = await deps.em().findAndCount(IncidentSchema, where, {
        orderBy: { createdAt: 'desc', id: 'desc' },
        limit: query.limit,
        offset: query.offset,
      });
      return { items: items.map(incidentView), total };
    },

    async create(auth: AuthContext, input: { title: string; description?: string | null; severity: string; status: string; assignee_id?: string | null; tags: string[] }) {
      await assertAssignable(input.assignee_id);
      const em = deps.em();
      const incident = createIncident(em, {
        organizationId: auth.organizationId,
        title: input.title,
        description: input.description,
        severity: input.severity,
        status: input.status,
        source: 'manual',
        assigneeId: input.assignee_id,
        tags: input.tags,
        actorId: auth.userId,
      });
      await em.flush();
      return incidentView(incident);
    },

    async get(auth: AuthContext, id: string) {
      const incident = await load(id);
      const timeline = await deps.em().find(TimelineEntrySchema, { incident: id }, { orderBy: { id: 'asc' } });
      return { ...incidentView(incident), labels: incident.labels, timeline: timeline.map(timelineView), analysis: deps.analyze ? await deps.analyze(auth, incident) : {} };
    },

    async update(
      auth: AuthContext,
      id: string,
      input: { title?: string; description?: string | null; status?: string; severity?: string; assignee_id?: string | null; tags?: string[] },
    ) {
      const em = deps.em();
      const incident = await load(id);
      await assertAssignable(input.assignee_id);
      const actorId = auth.userId;
      let changed = false;
      const field = <K extends 'title' | 'description' | 'severity' | 'assigneeId'>(key: K, value: Incident[K] | undefined, type: Parameters<typeof addTimelineEntry>[2]['type'], label: string) => {
        if (value === undefined || value === incident[key]) return;
        const from = incident[key] ?? null;
        incident[key] = value;
        addTimelineEntry(em, incident, { type, actorId, message: `${label} changed`, data: { from, to: value ?? null } });
        changed = true;
      };
      field('title', input.title, 'title_changed', 'Title');
      field('description', input.description, 'description_changed', 'Description');
      field('severity', input.severity, 'severity_changed', 'Severity');
      field('assigneeId', input.assignee_id, 'assignee_changed', 'Assignee');
      if (input.tags !== undefined) {
        incident.tags = input.tags;
        changed = true;
      }
      if (changed) recordDomainEvent(em, incident, 'incident.updated', { actor_id: actorId });
      const resolvedNow = input.status !== undefined && changeIncidentStatus(em, incident, input.status, { actorId }) && input.status === 'resolved';
      await em.flush();
      if (resolvedNow) await deps.onResolved(incident);
      return incidentView(incident);
    },
  };
}
