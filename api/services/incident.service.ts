import type { EntityManager } from '@mikro-orm/postgresql';
import { IncidentEntity, OrganizationEntity, UserEntity, type Incident } from '../../shared/db/entities/index.ts';
import { addTimelineEntry, changeIncidentStatus, createIncident, recordDomainEvent } from '../../shared/db/data/incidents.ts';
import { readSettings } from '../../shared/domain/organization-settings.ts';
import { AppError, NotFoundError } from '../../shared/errors.ts';
import { analysisView, type IncidentAnalysis } from '../../shared/search/incident-analysis.ts';
import type { IncidentStatus, Severity } from '../../shared/domain/incident.ts';
import type { AuthContext } from '../auth-context.ts';
import type { IncidentDetailView, IncidentView } from '../schemas/incident.schemas.ts';
import type { AnalysisRefresher } from './incident-analysis.ts';

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
  urgency: incident.urgency ?? null,
  routing_rule_id: incident.routingRuleId ?? null,
  escalation_policy_id: incident.escalationPolicyId ?? null,
});

/** Timestamps as raw SQL returns them (text, or Date depending on the driver's parsers). */
type SqlTimestamp = string | Date;
const iso = (value: SqlTimestamp) => new Date(value).toISOString();
const isoOrNull = (value: SqlTimestamp | null) => (value === null ? null : iso(value));

/** An incident as raw SQL returns it: the view's columns, with timestamps not yet ISO strings. */
type IncidentRow = Omit<IncidentView, 'created_at' | 'updated_at' | 'acknowledged_at' | 'resolved_at'> & {
  created_at: SqlTimestamp;
  updated_at: SqlTimestamp;
  acknowledged_at: SqlTimestamp | null;
  resolved_at: SqlTimestamp | null;
};

interface IncidentDetailRow extends IncidentRow {
  labels: Record<string, string>;
  analysis: Partial<IncidentAnalysis> | null;
  analyzed_at: SqlTimestamp | null;
  timeline: Array<Omit<IncidentDetailView['timeline'][number], 'created_at'> & { created_at: SqlTimestamp }>;
}

const INCIDENT_COLUMNS = `i.id, i.title, i.description, i.status, i.severity, i.assignee_id, i.source, i.integration_id, i.fingerprint,
  i.alert_count, i.tags, i.created_at, i.updated_at, i.acknowledged_at, i.resolved_at, i.urgency, i.routing_rule_id, i.escalation_policy_id`;

/**
 * The detail in one round trip: the incident row with its timeline as a json aggregate, no
 * entity hydration. The organization is matched explicitly (raw SQL bypasses the tenant filter).
 */
const DETAIL_SQL = `select ${INCIDENT_COLUMNS}, i.labels, i.analysis, i.analyzed_at,
  coalesce((select json_agg(json_build_object('id', t.id, 'type', t.type, 'message', t.message, 'actor_id', t.actor_id, 'data', t.data, 'created_at', t.created_at) order by t.id)
    from incident_timeline t where t.incident_id = i.id and t.organization_id = i.organization_id), '[]'::json) as timeline
  from incidents i where i.id = ? and i.organization_id = ?`;

const incidentRowView = (row: IncidentRow): IncidentView => ({
  id: row.id,
  title: row.title,
  description: row.description,
  status: row.status,
  severity: row.severity,
  assignee_id: row.assignee_id,
  source: row.source,
  integration_id: row.integration_id,
  fingerprint: row.fingerprint,
  alert_count: row.alert_count,
  tags: row.tags,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
  acknowledged_at: isoOrNull(row.acknowledged_at),
  resolved_at: isoOrNull(row.resolved_at),
  urgency: row.urgency,
  routing_rule_id: row.routing_rule_id,
  escalation_policy_id: row.escalation_policy_id,
});

export interface IncidentListQuery {
  limit: number;
  offset: number;
  status?: IncidentStatus;
  severity?: Severity;
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
  /** Asks the worker to refresh a stale `analysis` when a search index exists; absent, the stored one is shown as is. */
  analysis?: AnalysisRefresher;
}) {
  const load = async (id: string) => {
    const incident = await deps.em().findOne(IncidentEntity, { id });
    if (!incident) throw new NotFoundError('Incident');
    return incident;
  };

  const assertAssignable = async (assigneeId: string | null | undefined) => {
    // The tenant filter limits the lookup to the caller's organization.
    if (assigneeId && !(await deps.em().count(UserEntity, { id: assigneeId }))) {
      // A well-formed id naming nobody here: not found, as a user of another organization is.
      throw new AppError('NOT_FOUND', 'assignee_id: no such user in this organization');
    }
  };

  return {
    async list(auth: AuthContext, query: IncidentListQuery) {
      // Plain rows, no entity hydration: listing is the console's hottest read (docs/benchmarks.md).
      const conditions = ['i.organization_id = ?'];
      const params: unknown[] = [auth.organizationId];
      const where = (condition: string, value: unknown) => {
        conditions.push(condition);
        params.push(value);
      };
      if (query.status) where('i.status = ?', query.status);
      if (query.severity) where('i.severity = ?', query.severity);
      if (query.assignee_id) where('i.assignee_id = ?', query.assignee_id);
      if (query.created_after) where('i.created_at >= ?', new Date(query.created_after));
      if (query.created_before) where('i.created_at < ?', new Date(query.created_before));
      // Same expression as the GIN index of the ingestion migration, so the index serves it.
      if (query.search)
        where(
          `to_tsvector('english', coalesce(i.title, '') || ' ' || coalesce(i.description, '')) @@ websearch_to_tsquery('english', ?)`,
          query.search,
        );
      const filter = conditions.join(' and ');
      const rows = await deps
        .em()
        .execute<Array<IncidentRow & { total: string | number }>>(
          `select ${INCIDENT_COLUMNS}, count(*) over () as total from incidents i where ${filter} order by i.created_at desc, i.id desc limit ? offset ?`,
          [...params, query.limit, query.offset],
        );
      // Past the last page the window count has no row to ride on.
      const total = rows[0]
        ? Number(rows[0].total)
        : query.offset > 0
          ? Number(
              (
                await deps
                  .em()
                  .execute<Array<{ total: string | number }>>(`select count(*) as total from incidents i where ${filter}`, params)
              )[0]?.total ?? 0,
            )
          : 0;
      return { items: rows.map(incidentRowView), total };
    },

    async create(
      auth: AuthContext,
      input: {
        title: string;
        description?: string | null;
        severity?: Severity;
        status: IncidentStatus;
        assignee_id?: string | null;
        tags: string[];
      },
    ) {
      await assertAssignable(input.assignee_id);
      const em = deps.em();
      // Read only when the body leaves the severity out.
      const severity =
        input.severity ??
        readSettings((await em.findOneOrFail(OrganizationEntity, { id: auth.organizationId }, { fields: ['settings'] })).settings)
          .default_incident_severity;
      const incident = createIncident(em, {
        organizationId: auth.organizationId,
        title: input.title,
        description: input.description,
        severity,
        status: input.status,
        source: 'manual',
        assigneeId: input.assignee_id,
        tags: input.tags,
        actorId: auth.userId,
      });
      await em.flush();
      return incidentView(incident);
    },

    async get(auth: AuthContext, id: string): Promise<IncidentDetailView> {
      const [row] = await deps.em().execute<IncidentDetailRow[]>(DETAIL_SQL, [id, auth.organizationId]);
      if (!row) throw new NotFoundError('Incident');
      const analyzedAt = row.analyzed_at === null ? null : new Date(row.analyzed_at);
      deps.analysis?.refreshIfStale({ organizationId: auth.organizationId, id: row.id, analyzedAt });
      return {
        ...incidentRowView(row),
        labels: row.labels,
        timeline: row.timeline.map((entry) => ({ ...entry, created_at: iso(entry.created_at) })),
        analysis: analysisView(row.analysis, analyzedAt),
      };
    },

    async update(
      auth: AuthContext,
      id: string,
      input: {
        title?: string;
        description?: string | null;
        status?: IncidentStatus;
        severity?: Severity;
        assignee_id?: string | null;
        tags?: string[];
      },
    ) {
      const em = deps.em();
      const incident = await load(id);
      await assertAssignable(input.assignee_id);
      const actorId = auth.userId;
      let changed = false;
      const field = <K extends 'title' | 'description' | 'severity' | 'assigneeId'>(
        key: K,
        value: Incident[K] | undefined,
        type: Parameters<typeof addTimelineEntry>[2]['type'],
        label: string,
      ) => {
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
      if (incident.assigneeId && !incident.firstAssignedAt) incident.firstAssignedAt = new Date();
      if (input.tags !== undefined) {
        incident.tags = input.tags;
        changed = true;
      }
      if (changed) recordDomainEvent(em, incident, 'incident.updated', { actor_id: actorId });
      const resolvedNow =
        input.status !== undefined && changeIncidentStatus(em, incident, input.status, { actorId }) && input.status === 'resolved';
      await em.flush();
      if (resolvedNow) await deps.onResolved(incident);
      return incidentView(incident);
    },
  };
}
