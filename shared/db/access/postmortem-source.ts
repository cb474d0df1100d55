import type { EntityManager } from '@mikro-orm/postgresql';
import type { Severity } from '../../domain/alert.ts';
import { BUILT_IN_INCIDENT_ROLES } from '../../domain/incident-roles.ts';
import { POSTMORTEM_LIST_LIMIT, type PostmortemSnapshot } from '../../domain/postmortem/snapshot.ts';
import type { Priority } from '../../domain/priority.ts';
import type { StatusUpdateKind, StatusUpdateVisibility } from '../../domain/status-page.ts';
import type { SqlTimestamp } from '../sql-timestamp.ts';

const at = (value: SqlTimestamp) => new Date(value);
const atOrNull = (value: SqlTimestamp | null) => (value === null ? null : new Date(value));

interface IncidentSourceRow {
  id: string;
  title: string;
  description: string | null;
  status: string;
  severity: Severity;
  priority: Priority | null;
  source: string;
  alert_count: number;
  integration_name: string | null;
  routing_rule_name: string | null;
  created_at: SqlTimestamp;
  acknowledged_at: SqlTimestamp | null;
  acknowledged_by: string | null;
  resolved_at: SqlTimestamp | null;
}

/**
 * Everything a postmortem draft is written from, read in one snapshot of the incident: undefined
 * when the incident is not the organization's. Every statement names the organization.
 */
export async function postmortemSnapshot(
  em: EntityManager,
  organizationId: string,
  incidentId: string,
): Promise<PostmortemSnapshot | undefined> {
  const [incident] = await em.execute<IncidentSourceRow[]>(
    `select i.id, i.title, i.description, i.status, i.severity, i.priority, i.source, i.alert_count, i.created_at, i.acknowledged_at, i.resolved_at,
       ig.name as integration_name, rr.name as routing_rule_name,
       (select u.name from incident_timeline t join users u on u.id = t.actor_id
         where t.incident_id = i.id and t.organization_id = i.organization_id and t.type = 'status_changed'
           and t.data->>'from' = 'active' and t.data->>'to' <> 'active'
         order by t.created_at, t.id limit 1) as acknowledged_by
     from incidents i
     left join integrations ig on ig.id = i.integration_id and ig.organization_id = i.organization_id
     left join routing_rules rr on rr.id = i.routing_rule_id and rr.organization_id = i.organization_id
     where i.id = ? and i.organization_id = ?`,
    [incidentId, organizationId],
  );
  if (!incident) return undefined;
  const scope = [organizationId, incidentId];
  const limit = POSTMORTEM_LIST_LIMIT;
  // One after another: the caller may hold a transaction, whose connection runs one statement at a time.
  const alerts = await em.execute<
    Array<{ title: string; severity: Severity; status: string; host: string | null; received_at: SqlTimestamp }>
  >(
    `select title, severity, status, host, received_at from alerts where organization_id = ? and incident_id = ?
     order by received_at, id limit ${limit}`,
    scope,
  );
  const pages = await em.execute<
    Array<{
      user_name: string;
      method: string;
      status: string;
      level: number;
      round: number;
      created_at: SqlTimestamp;
      sent_at: SqlTimestamp | null;
    }>
  >(
    `select u.name as user_name, p.method, p.status, p.level, p.round, p.created_at, p.sent_at
     from pages p join users u on u.id = p.user_id where p.organization_id = ? and p.incident_id = ?
     order by coalesce(p.sent_at, p.created_at), p.id limit ${limit}`,
    scope,
  );
  const executions = await em.execute<
    Array<{
      procedure_name: string;
      status: string;
      started_at: SqlTimestamp;
      completed_at: SqlTimestamp | null;
      started_by: string | null;
      routing_rule_id: string | null;
    }>
  >(
    `select e.definition->>'name' as procedure_name, e.status, e.started_at, e.completed_at, u.name as started_by, e.routing_rule_id
     from executions e left join users u on u.id = e.started_by where e.organization_id = ? and e.incident_id = ?
     order by e.started_at, e.id limit ${limit}`,
    scope,
  );
  const updates = await em.execute<
    Array<{
      kind: StatusUpdateKind;
      visibility: StatusUpdateVisibility;
      title: string | null;
      body: string;
      author_name: string | null;
      created_at: SqlTimestamp;
    }>
  >(
    `select s.kind, s.visibility, s.title, s.body, u.name as author_name, s.created_at
     from status_updates s left join users u on u.id = s.author_id where s.organization_id = ? and s.incident_id = ?
     order by s.created_at, s.id limit ${limit}`,
    scope,
  );
  const roles = await em.execute<
    Array<{ role_key: string; role_name: string | null; user_name: string | null; assigned_at: SqlTimestamp }>
  >(
    `select a.role_key, ir.name as role_name, u.name as user_name, a.created_at as assigned_at
     from incident_role_assignments a left join users u on u.id = a.user_id
     left join incident_roles ir on ir.organization_id = a.organization_id and ir.key = a.role_key
     where a.organization_id = ? and a.incident_id = ? order by a.created_at, a.id`,
    scope,
  );
  const timeline = await em.execute<
    Array<{ type: string; message: string; actor_name: string | null; created_at: SqlTimestamp; total: number }>
  >(
    `select t.type, t.message, u.name as actor_name, t.created_at, count(*) over ()::int as total
     from incident_timeline t left join users u on u.id = t.actor_id where t.organization_id = ? and t.incident_id = ?
     order by t.created_at, t.id limit ${limit}`,
    scope,
  );
  return {
    incident: {
      id: incident.id,
      title: incident.title,
      description: incident.description,
      status: incident.status,
      severity: incident.severity,
      priority: incident.priority,
      source: incident.source,
      integrationName: incident.integration_name,
      routingRuleName: incident.routing_rule_name,
      createdAt: at(incident.created_at),
      acknowledgedAt: atOrNull(incident.acknowledged_at),
      acknowledgedBy: incident.acknowledged_by,
      resolvedAt: atOrNull(incident.resolved_at),
    },
    alertCount: Math.max(incident.alert_count, alerts.length),
    alerts: alerts.map((row) => ({
      title: row.title,
      severity: row.severity,
      status: row.status,
      host: row.host,
      receivedAt: at(row.received_at),
    })),
    pages: pages.map((row) => ({
      userName: row.user_name,
      method: row.method,
      status: row.status,
      level: row.level,
      round: row.round,
      createdAt: at(row.created_at),
      sentAt: atOrNull(row.sent_at),
    })),
    executions: executions.map((row) => ({
      procedureName: row.procedure_name,
      status: row.status,
      startedAt: at(row.started_at),
      completedAt: atOrNull(row.completed_at),
      startedBy: row.started_by,
      byRoutingRule: row.routing_rule_id !== null,
    })),
    statusUpdates: updates.map((row) => ({
      kind: row.kind,
      visibility: row.visibility,
      title: row.title,
      body: row.body,
      authorName: row.author_name,
      createdAt: at(row.created_at),
    })),
    roles: roles.map((row) => ({
      roleName: row.role_name ?? BUILT_IN_INCIDENT_ROLES.find((role) => role.key === row.role_key)?.name ?? row.role_key,
      userName: row.user_name,
      assignedAt: at(row.assigned_at),
    })),
    timelineCount: timeline[0]?.total ?? 0,
    timeline: timeline.map((row) => ({ type: row.type, message: row.message, actorName: row.actor_name, createdAt: at(row.created_at) })),
  };
}
