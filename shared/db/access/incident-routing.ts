import type { SqlEntityManager as EntityManager } from '@mikro-orm/postgresql';
import type { Urgency } from '../../domain/escalation.ts';
import type { IncidentStatus, Severity } from '../../domain/incident.ts';
import type { Priority } from '../../domain/priority.ts';
import type { RoutingDecision } from '../../domain/routing.ts';
import { uuidv7 } from '../../uuidv7.ts';

/** What the outbox relay reads of an incident a batch opens, restarts or acknowledges, to route and escalate it. */
export interface EscalationCandidate {
  incident_id: string;
  integration_id: string | null;
  labels: Record<string, string> | null;
  severity: Severity;
  source: string;
  /** The incident's integration's policy, its owning team's default policy, and the organization's default policy. */
  integration_policy_id: string | null;
  team_policy_id: string | null;
  default_policy_id: string | null;
  /** What routing recorded on the incident (null before it is routed). */
  incident_policy_id: string | null;
  urgency: Urgency | null;
  escalation_cycle: number;
  /** Whether the organization has any escalation policy. */
  org_has_policy: boolean;
  /** A grouped incident's first page waits until then (its group_wait); null: at once. */
  page_after: string | Date | null;
  /** The incident's status and priority as read (before this batch's routing records a rule's priority). */
  status: IncidentStatus;
  priority: Priority | null;
  /** The organization's runbook per priority (`/priority-runbooks`); null when it has none. */
  priority_runbooks: Partial<Record<Priority, { procedure_id: string; auto_approve: boolean; resolve_incident: boolean }>> | null;
  /** Whether an automatic run (a routing rule's or a priority's) of the incident has not ended. */
  remediation_running: boolean;
}

/** The incidents among `candidates` (each with its organization), one row each; those of another organization are absent. */
export async function escalationCandidates(
  em: EntityManager,
  candidates: ReadonlyArray<{ incidentId: string; organizationId: string }>,
): Promise<EscalationCandidate[]> {
  if (candidates.length === 0) return [];
  return em.execute<EscalationCandidate[]>(
    `select distinct on (c.incident_id) c.incident_id, inc.integration_id, inc.labels, inc.severity, inc.source,
       i.escalation_policy_id as integration_policy_id, t.default_escalation_policy_id as team_policy_id, d.id as default_policy_id,
       inc.escalation_policy_id as incident_policy_id, inc.urgency, inc.escalation_cycle, inc.page_after,
       exists (select 1 from escalation_policies p where p.organization_id = c.organization_id) as org_has_policy,
       inc.status, inc.priority,
       (select jsonb_object_agg(pr.priority, jsonb_build_object('procedure_id', pr.procedure_id, 'auto_approve', pr.auto_approve,
          'resolve_incident', pr.resolve_incident)) from priority_runbooks pr where pr.organization_id = c.organization_id) as priority_runbooks,
       exists (select 1 from executions e where e.incident_id = inc.id and e.organization_id = c.organization_id
          and (e.routing_rule_id is not null or e.remediation_priority is not null)
          and e.status not in ('completed', 'failed', 'cancelled')) as remediation_running
     from jsonb_to_recordset(?::jsonb) as c(incident_id uuid, organization_id uuid)
     join incidents inc on inc.id = c.incident_id and inc.organization_id = c.organization_id
     left join integrations i on i.id = inc.integration_id and i.organization_id = c.organization_id
     left join teams t on t.id = i.team_id and t.organization_id = c.organization_id
     left join escalation_policies d on d.organization_id = c.organization_id and d.is_default
     order by c.incident_id`,
    [JSON.stringify(candidates.map((c) => ({ incident_id: c.incidentId, organization_id: c.organizationId })))],
  );
}

/**
 * Records each routing decision on its incident and, when it pages (has a policy), a `routed`
 * timeline entry naming the rule and policy as they are now; in one statement. The incidents are
 * locked first in INCIDENT_LOCK_ORDER (incident-merges.ts), the order an alert bucket locks them:
 * updated in the decisions' order instead, the relay and a bucket each held a row the other waited
 * for, and PostgreSQL cancelled one of them in storms (docs/ingestion.md).
 */
export async function recordRoutingDecisions(
  em: EntityManager,
  decisions: ReadonlyArray<{ incidentId: string; organizationId: string; decision: RoutingDecision }>,
): Promise<void> {
  if (decisions.length === 0) return;
  await em.execute(
    `with d as materialized (
       select * from jsonb_to_recordset(?::jsonb)
         as d(incident_id uuid, organization_id uuid, rule_id uuid, policy_id uuid, urgency text, priority text, entry_id uuid)),
     locked as materialized (
       select inc.id from incidents inc join d on inc.id = d.incident_id and inc.organization_id = d.organization_id
       order by inc.fingerprint, inc.id for no key update of inc),
     routed as (
       update incidents inc set routing_rule_id = d.rule_id, escalation_policy_id = d.policy_id, urgency = d.urgency,
         -- A priority set by hand before routing ran wins over the rule's.
         priority = coalesce(inc.priority, d.priority)
       from d
       where inc.id = d.incident_id and inc.organization_id = d.organization_id and inc.id in (select id from locked)
       returning inc.id, inc.organization_id, d.rule_id, d.policy_id, d.urgency, inc.priority, d.entry_id)
     insert into incident_timeline (id, organization_id, incident_id, type, message, actor_id, data, created_at)
     select r.entry_id, r.organization_id, r.id, 'routed',
       case when rule.id is null then 'Pages through escalation policy "' || p.name || '" (urgency ' || r.urgency || coalesce(', priority ' || r.priority, '') || ')'
         else 'Routed by rule "' || rule.name || '" to escalation policy "' || p.name || '" (urgency ' || r.urgency || coalesce(', priority ' || r.priority, '') || ')' end,
       null, jsonb_build_object('routing_rule_id', r.rule_id, 'escalation_policy_id', r.policy_id, 'urgency', r.urgency)
         || case when r.priority is null then '{}'::jsonb else jsonb_build_object('priority', r.priority) end, now()
     from routed r
     join escalation_policies p on p.id = r.policy_id and p.organization_id = r.organization_id
     left join routing_rules rule on rule.id = r.rule_id and rule.organization_id = r.organization_id`,
    [
      JSON.stringify(
        decisions.map(({ incidentId, organizationId, decision }) => ({
          incident_id: incidentId,
          organization_id: organizationId,
          rule_id: decision.ruleId,
          policy_id: decision.policyId,
          urgency: decision.urgency,
          priority: decision.priority ?? null,
          entry_id: uuidv7(),
        })),
      ),
    ],
  );
}
