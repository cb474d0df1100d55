import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { forEachBounded } from '../../shared/bounded.ts';
import { isPriority } from '../../shared/domain/priority.ts';
import { chooseRemediation, type PriorityRunbook } from '../../shared/domain/remediation.ts';
import type { EscalationCandidate } from '../../shared/db/access/incident-routing.ts';
import type { RelayBatch } from '../../shared/db/access/relay-batch.ts';
import type { RoutingDecision } from '../../shared/domain/routing.ts';
import { workflowIds } from '../../shared/temporal/ids.ts';
import type { RemediationInput } from '../../workflows/remediation.workflow.ts';
import type { OutboxEvent } from './outbox-event.ts';

interface IncidentRef {
  organizationId: string;
  incidentId: string;
}

/** What a batch asks of automatic runs: incidents that may start one, and incidents whose run stops. */
export interface RemediationPlan {
  /** Opened (by an alert or by hand), or whose priority was set: each may start its rule's or priority's runbook. */
  start: IncidentRef[];
  /** Resolved other than by their own run: a run still going is cancelled. */
  cancel: IncidentRef[];
}

/**
 * Automatic runs from a batch of domain events: an `incident.created` or an `incident.updated`
 * carrying `priority_changed` to a priority may start one; an `incident.status_changed` to
 * `resolved` cancels one, unless the run itself resolved the incident (`resolved_by_execution`).
 */
export function planRemediations(events: readonly OutboxEvent[]): RemediationPlan {
  const start = new Map<string, IncidentRef>();
  const cancel = new Map<string, IncidentRef>();
  for (const event of events) {
    if (!event.incident_id) continue;
    const ref = { organizationId: event.organization_id, incidentId: event.incident_id };
    const status = (event.data.incident as { status?: unknown } | undefined)?.status;
    const priorityChange = event.data.priority_changed as { to?: unknown } | undefined;
    if (event.type === 'incident.created' || (event.type === 'incident.updated' && isPriority(priorityChange?.to)))
      start.set(ref.incidentId, ref);
    else if (event.type === 'incident.status_changed' && status === 'resolved' && !event.data.resolved_by_execution)
      cancel.set(ref.incidentId, ref);
  }
  return { start: [...start.values()], cancel: [...cancel.values()] };
}

/**
 * Starts the batch's automatic runs (the routing rule's runbook, else the priority's: chooseRemediation)
 * and cancels those of incidents resolved another way, within the batch's transaction: a failure
 * rolls the batch back and it is relayed again. Starts are keyed `remediation:<incident>` (REJECT_DUPLICATE
 * in `start`), so an incident never gets a second run; a cancel of a workflow already ended is no error.
 */
export async function relayRemediations(
  deps: { temporal: Client; concurrency: number; start: (input: RemediationInput) => Promise<void> },
  batch: Pick<RelayBatch, 'remediationLookups'>,
  events: readonly OutboxEvent[],
  decisions: ReadonlyMap<string, RoutingDecision>,
  /** The batch's escalation candidates as read: their priority runbooks and running runs need no query of their own. */
  known: ReadonlyMap<string, EscalationCandidate>,
): Promise<void> {
  const plan = planRemediations(events);
  if (plan.start.length === 0 && plan.cancel.length === 0) return;
  const byPriority = new Map<string, PriorityRunbook>();
  const running = new Set<string>();
  for (const ref of plan.start) {
    const row = known.get(ref.incidentId);
    // Routing records a rule's priority only where none was set (incident-routing.ts): the same choice here.
    const priority = row?.priority ?? decisions.get(ref.incidentId)?.priority ?? null;
    const runbook = priority ? row?.priority_runbooks?.[priority] : undefined;
    if (row && priority && runbook && row.status !== 'resolved')
      byPriority.set(ref.incidentId, {
        priority,
        procedureId: runbook.procedure_id,
        autoApprove: runbook.auto_approve,
        resolves: runbook.resolve_incident,
      });
  }
  for (const ref of plan.cancel) if (known.get(ref.incidentId)?.remediation_running) running.add(ref.incidentId);
  // Incidents the escalation plan did not read (a priority set by hand, a resolution outside it): one query for them.
  const unknown = await batch.remediationLookups({
    start: plan.start.filter((ref) => !known.has(ref.incidentId) && !decisions.get(ref.incidentId)?.remediation),
    cancel: plan.cancel.filter((ref) => !known.has(ref.incidentId)),
  });
  for (const [incidentId, runbook] of unknown.byPriority) byPriority.set(incidentId, runbook);
  for (const incidentId of unknown.running) running.add(incidentId);
  const starts = plan.start.flatMap((ref) => {
    const choice = chooseRemediation(decisions.get(ref.incidentId), byPriority.get(ref.incidentId));
    return choice
      ? [
          {
            ...ref,
            ruleId: choice.ruleId,
            priority: choice.priority,
            procedureId: choice.procedureId,
            autoApprove: choice.autoApprove,
            resolves: choice.resolves,
          },
        ]
      : [];
  });
  await forEachBounded(starts, deps.concurrency, deps.start);
  await forEachBounded(
    plan.cancel.filter((ref) => running.has(ref.incidentId)),
    deps.concurrency,
    async (ref) => {
      try {
        await deps.temporal.workflow.getHandle(workflowIds.remediation(ref.incidentId)).cancel();
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    },
  );
}
