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

/** Every read and write is confined to the organization given. */
export interface PriorityRunbookStore {
  list(organizationId: string): Promise<PriorityRunbookRow[]>;
  find(organizationId: string, priority: Priority): Promise<PriorityRunbookRow | undefined>;
  /** Sets the priority's runbook and returns it; undefined, and nothing kept, when the procedure is not the organization's. */
  put(
    organizationId: string,
    runbook: { priority: Priority; procedureId: string; autoApprove: boolean; resolves: boolean },
  ): Promise<PriorityRunbookRow | undefined>;
  /** False when the priority had no runbook. */
  remove(organizationId: string, priority: Priority): Promise<boolean>;
}

/** Organizations' runbooks per priority (`priority_runbooks`). */
export function createPriorityRunbookStore(em: EntityManager): PriorityRunbookStore {
  return {
    list: (organizationId) => priorityRunbooks(em, organizationId),
    find: (organizationId, priority) => priorityRunbook(em, organizationId, priority),
    put: (organizationId, runbook) =>
      em.transactional(async (tx) => {
        const procedures = await tx.execute<Array<{ id: string }>>('select id from procedures where id = ? and organization_id = ?', [
          runbook.procedureId,
          organizationId,
        ]);
        if (procedures.length === 0) return undefined;
        await upsertPriorityRunbook(tx, organizationId, runbook);
        return priorityRunbook(tx, organizationId, runbook.priority);
      }),
    remove: (organizationId, priority) => deletePriorityRunbook(em, organizationId, priority),
  };
}

/**
 * What the outbox relay needs of a batch's automatic runs, in one statement: for each of `start`
 * (each with its organization), the runbook of its priority as it is now (open incidents with a
 * priority that has one; others absent), and which of `cancel` have an automatic run (a routing
 * rule's or a priority's) that has not ended.
 */
export async function remediationLookups(
  em: EntityManager,
  incidents: { start: ReadonlyArray<IncidentRef>; cancel: ReadonlyArray<IncidentRef> },
): Promise<{ byPriority: Map<string, PriorityRunbook>; running: Set<string> }> {
  const byPriority = new Map<string, PriorityRunbook>();
  const running = new Set<string>();
  if (incidents.start.length === 0 && incidents.cancel.length === 0) return { byPriority, running };
  const candidates = [
    ...incidents.start.map((item) => ({ incident_id: item.incidentId, organization_id: item.organizationId, kind: 'start' })),
    ...incidents.cancel.map((item) => ({ incident_id: item.incidentId, organization_id: item.organizationId, kind: 'cancel' })),
  ];
  const rows = await em.execute<
    Array<{
      kind: 'start' | 'cancel';
      incident_id: string;
      priority: Priority | null;
      procedure_id: string | null;
      auto_approve: boolean | null;
      resolve_incident: boolean | null;
    }>
  >(
    `with c as (select * from jsonb_to_recordset(?::jsonb) as c(incident_id uuid, organization_id uuid, kind text))
     select 'start' as kind, inc.id as incident_id, pr.priority, pr.procedure_id, pr.auto_approve, pr.resolve_incident
     from c
     join incidents inc on inc.id = c.incident_id and inc.organization_id = c.organization_id and inc.status <> 'resolved'
     join priority_runbooks pr on pr.organization_id = inc.organization_id and pr.priority = inc.priority
     where c.kind = 'start'
     union all
     select distinct 'cancel', e.incident_id, null::varchar, null::uuid, null::boolean, null::boolean
     from c join executions e on e.incident_id = c.incident_id and e.organization_id = c.organization_id
     where c.kind = 'cancel' and (e.routing_rule_id is not null or e.remediation_priority is not null)
       and e.status not in ('completed', 'failed', 'cancelled')`,
    [JSON.stringify(candidates)],
  );
  for (const row of rows) {
    if (row.kind === 'cancel') running.add(row.incident_id);
    else
      byPriority.set(row.incident_id, {
        priority: row.priority as Priority,
        procedureId: row.procedure_id as string,
        autoApprove: row.auto_approve === true,
        resolves: row.resolve_incident === true,
      });
  }
  return { byPriority, running };
}

interface IncidentRef {
  incidentId: string;
  organizationId: string;
}
