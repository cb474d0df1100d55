import type { Incident } from '../../shared/db/entities/index.ts';
import { DEFAULT_URGENCY, type Urgency } from '../../shared/domain/escalation.ts';
import type { IncidentChanges, IncidentRow, IncidentStore } from '../../shared/db/access/incidents.ts';
import { isoTimestamp as iso, isoTimestampOrNull as isoOrNull } from '../../shared/db/sql-timestamp.ts';
import { readSettings } from '../../shared/domain/organization-settings.ts';
import { AppError, ConflictError, NotFoundError } from '../../shared/errors.ts';
import { isOpenIncidentConflict } from '../../shared/db/access/alert-transaction.ts';
import { analysisView } from '../../shared/search/port.ts';
import type { IncidentStatus, Severity } from '../../shared/domain/incident.ts';
import type { Priority } from '../../shared/domain/priority.ts';
import { roleAssignmentView } from './incident-role.service.ts';
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
  priority: incident.priority ?? null,
  merged_into: incident.mergedIntoId ?? null,
});

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
  priority: row.priority,
  merged_into: row.merged_into_id,
});

export interface IncidentListQuery {
  limit: number;
  offset: number;
  status?: IncidentStatus;
  severity?: Severity;
  priority?: Priority;
  assignee_id?: string;
  created_after?: string;
  created_before?: string;
  search?: string;
}

export type IncidentService = ReturnType<typeof createIncidentService>;

/** Incidents over the API; `onResolved` ends a per-key ingestion workflow still draining (bucket workflows need no word). */
export function createIncidentService(deps: {
  incidents: () => IncidentStore;
  onResolved: (incident: Incident) => Promise<void>;
  /** Asks the worker to refresh a stale `analysis` when a search index exists; absent, the stored one is shown as is. */
  analysis?: AnalysisRefresher;
}) {
  const assertAssignable = async (store: IncidentStore, organizationId: string, assigneeId: string | null | undefined) => {
    if (assigneeId && !(await store.isMember(organizationId, assigneeId))) {
      // A well-formed id naming nobody here: not found, as a user of another organization is.
      throw new AppError('NOT_FOUND', 'assignee_id: no such user in this organization');
    }
  };

  return {
    async list(auth: AuthContext, query: IncidentListQuery) {
      const { rows, total } = await deps.incidents().page(
        auth.organizationId,
        {
          status: query.status,
          severity: query.severity,
          priority: query.priority,
          assigneeId: query.assignee_id,
          createdAfter: query.created_after === undefined ? undefined : new Date(query.created_after),
          createdBefore: query.created_before === undefined ? undefined : new Date(query.created_before),
          search: query.search,
        },
        query,
      );
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
        escalation_policy_id?: string | null;
        urgency?: Urgency;
        priority?: Priority | null;
        tags: string[];
      },
    ) {
      const store = deps.incidents();
      await assertAssignable(store, auth.organizationId, input.assignee_id);
      if (input.escalation_policy_id && !(await store.isEscalationPolicy(auth.organizationId, input.escalation_policy_id)))
        throw new AppError('NOT_FOUND', 'escalation_policy_id: no such escalation policy in this organization');
      // Read only when the body leaves the severity out.
      const severity = input.severity ?? readSettings(await store.organizationSettings(auth.organizationId)).default_incident_severity;
      const incident = await store.change(auth.organizationId, async (unit) =>
        unit.create({
          title: input.title,
          description: input.description,
          severity,
          status: input.status,
          source: 'manual',
          assigneeId: input.assignee_id,
          // Paging starts from the `incident.created` event (worker/outbox/escalations.ts).
          escalationPolicyId: input.escalation_policy_id,
          urgency: input.escalation_policy_id || input.assignee_id ? (input.urgency ?? DEFAULT_URGENCY) : null,
          priority: input.priority ?? null,
          tags: input.tags,
          actorId: auth.userId,
        }),
      );
      return incidentView(incident);
    },

    async get(auth: AuthContext, id: string): Promise<IncidentDetailView> {
      const row = await deps.incidents().detail(auth.organizationId, id);
      if (!row) throw new NotFoundError('Incident');
      const analyzedAt = row.analyzed_at === null ? null : new Date(row.analyzed_at);
      deps.analysis?.refreshIfStale({ organizationId: auth.organizationId, id: row.id, analyzedAt });
      return {
        ...incidentRowView(row),
        labels: row.labels,
        timeline: row.timeline.map((entry) => ({ ...entry, created_at: iso(entry.created_at) })),
        responders: (row.responders ?? []).map((responder) => ({
          ...responder,
          responded_at: isoOrNull(responder.responded_at),
          created_at: iso(responder.created_at),
        })),
        roles: (row.roles ?? []).map(roleAssignmentView),
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
        priority?: Priority | null;
        assignee_id?: string | null;
        tags?: string[];
      },
      /** The change came from a page channel (Slack, SMS, push...): the timeline says so. */
      options: { channel?: string } = {},
    ) {
      const store = deps.incidents();
      const actorId = auth.userId;
      const apply = async (unit: IncidentChanges) => {
        const incident = await unit.find(id);
        if (!incident) throw new NotFoundError('Incident');
        await assertAssignable(store, auth.organizationId, input.assignee_id);
        let changed = false;
        const field = <K extends 'title' | 'description' | 'severity' | 'priority' | 'assigneeId'>(
          key: K,
          value: Incident[K] | undefined,
          type: Parameters<IncidentChanges['addTimelineEntry']>[1]['type'],
          label: string,
        ) => {
          if (value === undefined || value === incident[key]) return;
          const from = incident[key] ?? null;
          incident[key] = value;
          unit.addTimelineEntry(incident, { type, actorId, message: `${label} changed`, data: { from, to: value ?? null } });
          changed = true;
        };
        field('title', input.title, 'title_changed', 'Title');
        field('description', input.description, 'description_changed', 'Description');
        field('severity', input.severity, 'severity_changed', 'Severity');
        const priorityBefore = incident.priority ?? null;
        field('priority', input.priority, 'priority_changed', 'Priority');
        // The relay starts the new priority's runbook, if it has one (worker/outbox/remediations.ts).
        const priorityChange =
          (incident.priority ?? null) !== priorityBefore
            ? { priority_changed: { from: priorityBefore, to: incident.priority ?? null } }
            : {};
        field('assigneeId', input.assignee_id, 'assignee_changed', 'Assignee');
        if (incident.assigneeId && !incident.firstAssignedAt) incident.firstAssignedAt = new Date();
        if (input.tags !== undefined) {
          incident.tags = input.tags;
          changed = true;
        }
        if (changed) unit.recordEvent(incident, 'incident.updated', { actor_id: actorId, ...priorityChange });
        const previousStatus = incident.status;
        const via = options.channel
          ? {
              message: `Status changed from ${previousStatus} to ${input.status} (from ${options.channel})`,
              data: { channel: options.channel },
            }
          : {};
        const resolvedNow =
          input.status !== undefined && unit.changeStatus(incident, input.status, { actorId, ...via }) && input.status === 'resolved';
        return { incident, resolvedNow };
      };
      let outcome: Awaited<ReturnType<typeof apply>>;
      try {
        outcome = await store.change(auth.organizationId, apply);
      } catch (error) {
        // Reopening while a newer open incident holds the same dedup or group key: two open incidents would split its alerts.
        if (isOpenIncidentConflict(error))
          throw new ConflictError('Another open incident holds this incident’s dedup key: resolve or merge it before reopening this one');
        throw error;
      }
      if (outcome.resolvedNow) await deps.onResolved(outcome.incident);
      return incidentView(outcome.incident);
    },
  };
}
