import type { RemediationStore } from '../shared/db/access/remediations.ts';
import type { Priority } from '../shared/domain/priority.ts';
import type { ProcedureExecutionInput } from '../shared/domain/procedure.ts';
import { remediationParameters, remediationSteps } from '../shared/domain/remediation.ts';
import { uuidv7 } from '../shared/uuidv7.ts';

/** What the remediation workflow asks for: the run of a routing rule's runbook, or a priority's, on an incident. */
export interface PrepareRemediationInput {
  organizationId: string;
  incidentId: string;
  /** The routing rule that named the runbook; null when the incident's priority did. */
  ruleId: string | null;
  /** The priority whose runbook this is (absent or null: the rule's). */
  priority?: Priority | null;
  procedureId: string;
  autoApprove: boolean;
  /** The id a new execution gets (the workflow's, so a retried attempt names the same run). */
  executionId: string;
  /** The workflow that runs the execution's steps (its updates carry step decisions). */
  workflowId: string;
}

export interface RemediationActivityDeps {
  /** A fresh unit of work per call. */
  remediations: () => RemediationStore;
}

/**
 * The worker side of automatic remediation: stores the execution a routing rule's runbook runs as
 * (at most one per incident: an existing one is answered again), and resolves the incident when it
 * succeeds, through the normal status change (its events stop the escalation).
 */
export function createRemediationActivities(deps: RemediationActivityDeps) {
  return {
    /**
     * The execution to run, created on first call: the procedure's steps as they are now, with
     * approval steps before those that change systems unless the rule auto-approves. Null when
     * there is nothing to run: the incident is gone or already resolved, or the procedure was deleted.
     */
    async prepareRemediation(input: PrepareRemediationInput): Promise<ProcedureExecutionInput | null> {
      const prepared = await deps.remediations().onIncident(input.organizationId, input.incidentId, { lock: true }, async (unit) => {
        const { incident } = unit;
        const existing = await unit.automaticRun();
        if (existing) {
          return {
            executionId: existing.id,
            organizationId: input.organizationId,
            incidentId: input.incidentId,
            steps: existing.definition.steps,
            parameters: existing.parameters,
          };
        }
        if (incident.status === 'resolved') return null;
        const priority = input.ruleId ? null : (input.priority ?? null);
        const ruleName = input.ruleId ? await unit.routingRuleName(input.ruleId) : undefined;
        const starter = input.ruleId ? `Routing rule "${ruleName ?? 'deleted'}"` : `Priority ${priority ?? 'unknown'}`;
        const source = input.ruleId ? { routing_rule_id: input.ruleId } : { priority };
        const procedure = await unit.procedure(input.procedureId);
        if (!procedure) {
          unit.addTimelineEntry({
            message: `The runbook of ${starter.replace(/^\w/, (c) => c.toLowerCase())} no longer exists: nothing started`,
            data: { ...source, procedure_id: input.procedureId },
          });
          return null;
        }
        const steps = remediationSteps(procedure.steps, input.autoApprove, uuidv7);
        const parameters = remediationParameters(incident);
        unit.startRun({
          id: input.executionId,
          procedureId: procedure.id,
          incidentId: incident.id,
          definition: { name: procedure.name, description: procedure.description, version: procedure.version, steps },
          parameters,
          workflowId: input.workflowId,
          startedBy: null,
          routingRuleId: input.ruleId,
          remediationPriority: priority,
        });
        const approvals = steps.length - procedure.steps.length;
        unit.addTimelineEntry({
          message:
            `${starter} started runbook "${procedure.name}"` +
            (approvals > 0 ? ` (${approvals} step(s) that change systems wait for approval)` : ''),
          data: {
            execution_id: input.executionId,
            procedure_id: procedure.id,
            ...source,
            status: 'pending',
            automatic: true,
          },
        });
        return { executionId: input.executionId, organizationId: input.organizationId, incidentId: incident.id, steps, parameters };
      });
      return prepared ?? null;
    },

    /**
     * Says on the timeline why an automatic run was cancelled: its incident was resolved another way
     * (quoting how, from the resolution's own timeline entry), or the run's workflow was cancelled.
     */
    async recordRemediationCancelled(input: { organizationId: string; incidentId: string; executionId: string }): Promise<void> {
      await deps.remediations().onIncident(input.organizationId, input.incidentId, { lock: false }, async (unit) => {
        const { incident } = unit;
        const execution = await unit.run(input.executionId);
        if (!execution) return;
        const resolution = incident.status === 'resolved' ? await unit.lastResolution() : undefined;
        const why =
          incident.status !== 'resolved'
            ? 'its workflow was cancelled'
            : `the incident was resolved another way${resolution?.actorName ? ` by ${resolution.actorName}` : ''}${resolution ? ` ("${resolution.message}")` : ''}`;
        unit.addTimelineEntry({
          message: `Runbook "${execution.definition.name}" cancelled: ${why}; its pending approvals are withdrawn`,
          data: {
            execution_id: execution.id,
            status: 'cancelled',
            automatic: true,
            reason: incident.status === 'resolved' ? 'incident_resolved' : 'cancelled',
          },
        });
      });
    },

    /** Resolves the incident after its runbook succeeded, unless it is resolved already; says whether it did. */
    async resolveAfterRemediation(input: { organizationId: string; incidentId: string; executionId: string }): Promise<boolean> {
      const resolved = await deps.remediations().onIncident(input.organizationId, input.incidentId, { lock: true }, async (unit) => {
        const execution = await unit.run(input.executionId);
        if (unit.incident.status === 'resolved') return false;
        return unit.resolve({
          message: `Resolved by runbook "${execution?.definition.name ?? 'runbook'}", started ${execution?.remediationPriority ? `by its priority ${execution.remediationPriority}` : 'by its routing rule'}`,
          data: { execution_id: input.executionId, automatic: true },
          // The relay cancels automatic runs of incidents resolved another way; not this one.
          eventData: { resolved_by_execution: input.executionId },
        });
      });
      return resolved ?? false;
    },
  };
}
