import type { SqlEntityManager as EntityManager } from '@mikro-orm/postgresql';
import type { Priority } from '../../domain/priority.ts';
import type { PriorityRunbook } from '../../domain/remediation.ts';
import { uuidv7 } from '../../uuidv7.ts';

/** A priority's runbook as stored, with its procedure's current name. */
export interface PriorityRunbookRow {
  priority: Priority;
  procedure_id: string;
  procedure_name: string;
  auto_approve: boolean;
  resolve_incident: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

const SELECT = `select pr.priority, pr.procedure_id, p.name as procedure_name, pr.auto_approve, pr.resolve_incident, pr.created_at, pr.updated_at
  from priority_runbooks pr join procedures p on p.id = pr.procedure_id and p.organization_id = pr.organization_id`;

export function priorityRunbooks(em: EntityManager, organizationId: string): Promise<PriorityRunbookRow[]> {
  return em.execute<PriorityRunbookRow[]>(`${SELECT} where pr.organization_id = ? order by pr.priority`, [organizationId]);
}

export async function priorityRunbook(
  em: EntityManager,
  organizationId: string,
  priority: Priority,
): Promise<PriorityRunbookRow | undefined> {
  const [row] = await em.execute<PriorityRunbookRow[]>(`${SELECT} where pr.organization_id = ? and pr.priority = ?`, [
    organizationId,
    priority,
  ]);
  return row;
}

/** Sets a priority's runbook (replacing the one it had); the procedure must be the organization's (the caller checks). */
export async function upsertPriorityRunbook(
  em: EntityManager,
  organizationId: string,
  runbook: { priority: Priority; procedureId: string; autoApprove: boolean; resolves: boolean },
): Promise<void> {
  await em.execute(
    `insert into priority_runbooks (id, organization_id, priority, procedure_id, auto_approve, resolve_incident, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, now(), now())
     on conflict (organization_id, priority) do update set procedure_id = excluded.procedure_id, auto_approve = excluded.auto_approve,
       resolve_incident = excluded.resolve_incident, updated_at = now()`,
    [uuidv7(), organizationId, runbook.priority, runbook.procedureId, runbook.autoApprove, runbook.resolves],
  );
}

/** Removes a priority's runbook; false when it had none. */
export async function deletePriorityRunbook(em: EntityManager, organizationId: string, priority: Priority): Promise<boolean> {
  const rows = await em.execute<Array<{ id: string }>>(
    'delete from priority_runbooks where organization_id = ? and priority = ? returning id',
    [organizationId, priority],
  );
  return rows.length > 0;
}

/**
 * The runbook of each open incident's priority as it is now, among `incidents` (each with its
 * organization); incidents without a priority, without a runbook for it, or resolved are absent.
 */
export async function runbooksOfIncidentPriorities(
  em: EntityManager,
  incidents: ReadonlyArray<{ incidentId: string; organizationId: string }>,
): Promise<Map<string, PriorityRunbook>> {
  if (incidents.length === 0) return new Map();
  const rows = await em.execute<
    Array<{ incident_id: string; priority: Priority; procedure_id: string; auto_approve: boolean; resolve_incident: boolean }>
  >(
    `select distinct on (inc.id) inc.id as incident_id, pr.priority, pr.procedure_id, pr.auto_approve, pr.resolve_incident
     from jsonb_to_recordset(?::jsonb) as c(incident_id uuid, organization_id uuid)
     join incidents inc on inc.id = c.incident_id and inc.organization_id = c.organization_id and inc.status <> 'resolved'
     join priority_runbooks pr on pr.organization_id = inc.organization_id and pr.priority = inc.priority
     order by inc.id`,
    [JSON.stringify(incidents.map((item) => ({ incident_id: item.incidentId, organization_id: item.organizationId })))],
  );
  return new Map(
    rows.map((row) => [
      row.incident_id,
      { priority: row.priority, procedureId: row.procedure_id, autoApprove: row.auto_approve, resolves: row.resolve_incident },
    ]),
  );
}

/** Those of `incidents` with an automatic run (a routing rule's or a priority's) that has not ended. */
export async function incidentsWithRunningRemediation(
  em: EntityManager,
  incidents: ReadonlyArray<{ incidentId: string; organizationId: string }>,
): Promise<Set<string>> {
  if (incidents.length === 0) return new Set();
  const rows = await em.execute<Array<{ incident_id: string }>>(
    `select distinct e.incident_id
     from jsonb_to_recordset(?::jsonb) as c(incident_id uuid, organization_id uuid)
     join executions e on e.incident_id = c.incident_id and e.organization_id = c.organization_id
     where (e.routing_rule_id is not null or e.remediation_priority is not null)
       and e.status not in ('completed', 'failed', 'cancelled')`,
    [JSON.stringify(incidents.map((item) => ({ incident_id: item.incidentId, organization_id: item.organizationId })))],
  );
  return new Set(rows.map((row) => row.incident_id));
}
