import { LockMode } from '@mikro-orm/postgresql';
import {
  ExecutionEntity,
  ExecutionStepEntity,
  IncidentEntity,
  ProcedureEntity,
  ProcedureStepEntity,
  RoutingRuleEntity,
  TimelineEntryEntity,
  UserEntity,
} from '../shared/db/entities/index.ts';
import type { Orm } from '../shared/db/orm.ts';
import type { Priority } from '../shared/domain/priority.ts';
import { addTimelineEntry, changeIncidentStatus } from '../shared/db/access/incidents.ts';
import { forkForOrganization } from '../shared/db/tenant-filter.ts';
import type { ProcedureExecutionInput, StepDefinition, StepState } from '../shared/domain/procedure.ts';
import { initialStepStates } from '../shared/domain/procedure-step-state.ts';
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

/**
 * The worker side of automatic remediation: stores the execution a routing rule's runbook runs as
 * (at most one per incident: an existing one is answered again), and resolves the incident when it
 * succeeds, through the normal status change (its events stop the escalation).
 */
export function createRemediationActivities(deps: { orm: Orm }) {
  return {
    /**
     * The execution to run, created on first call: the procedure's steps as they are now, with
     * approval steps before those that change systems unless the rule auto-approves. Null when
     * there is nothing to run: the incident is gone or already resolved, or the procedure was deleted.
     */
    async prepareRemediation(input: PrepareRemediationInput): Promise<ProcedureExecutionInput | null> {
      return forkForOrganization(deps.orm, input.organizationId).transactional(async (em) => {
        const incident = await em.findOne(IncidentEntity, { id: input.incidentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!incident) return null;
        const existing = await em.findOne(ExecutionEntity, {
          incidentId: input.incidentId,
          $or: [{ routingRuleId: { $ne: null } }, { remediationPriority: { $ne: null } }],
        });
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
        const rule = input.ruleId ? await em.findOne(RoutingRuleEntity, { id: input.ruleId }) : null;
        const starter = input.ruleId ? `Routing rule "${rule?.name ?? 'deleted'}"` : `Priority ${priority ?? 'unknown'}`;
        const source = input.ruleId ? { routing_rule_id: input.ruleId } : { priority };
        const procedure = await em.findOne(ProcedureEntity, { id: input.procedureId });
        if (!procedure) {
          addTimelineEntry(em, incident, {
            type: 'execution',
            message: `The runbook of ${starter.replace(/^\w/, (c) => c.toLowerCase())} no longer exists: nothing started`,
            data: { ...source, procedure_id: input.procedureId },
          });
          return null;
        }
        const stored = await em.find(ProcedureStepEntity, { procedure: procedure.id }, { orderBy: { position: 'asc' } });
        const definitionSteps: StepDefinition[] = stored.map((step) => ({
          id: step.id,
          position: step.position,
          name: step.name,
          description: step.description ?? null,
          type: step.type,
          config: step.config,
        }));
        const steps = remediationSteps(definitionSteps, input.autoApprove, uuidv7);
        const parameters = remediationParameters({
          id: incident.id,
          title: incident.title,
          severity: incident.severity,
          priority: incident.priority ?? null,
          labels: incident.labels,
        });
        const execution = em.create(ExecutionEntity, {
          id: input.executionId,
          organization: input.organizationId,
          procedureId: procedure.id,
          procedureVersion: procedure.version,
          incidentId: incident.id,
          status: 'pending',
          definition: { name: procedure.name, description: procedure.description ?? null, version: procedure.version, steps },
          parameters,
          workflowId: input.workflowId,
          startedBy: null,
          routingRuleId: input.ruleId,
          remediationPriority: priority,
          completedAt: null,
        });
        const initial = initialStepStates(steps);
        steps.forEach((step, index) =>
          em.create(ExecutionStepEntity, {
            ...(initial[index] as StepState),
            organization: input.organizationId,
            execution,
            position: step.position,
            name: step.name,
            type: step.type,
          }),
        );
        const approvals = steps.length - definitionSteps.length;
        addTimelineEntry(em, incident, {
          type: 'execution',
          message:
            `${starter} started runbook "${procedure.name}"` +
            (approvals > 0 ? ` (${approvals} step(s) that change systems wait for approval)` : ''),
          data: {
            execution_id: execution.id,
            procedure_id: procedure.id,
            ...source,
            status: 'pending',
            automatic: true,
          },
        });
        return { executionId: execution.id, organizationId: input.organizationId, incidentId: incident.id, steps, parameters };
      });
    },

    /**
     * Says on the timeline why an automatic run was cancelled: its incident was resolved another way
     * (quoting how, from the resolution's own timeline entry), or the run's workflow was cancelled.
     */
    async recordRemediationCancelled(input: { organizationId: string; incidentId: string; executionId: string }): Promise<void> {
      await forkForOrganization(deps.orm, input.organizationId).transactional(async (em) => {
        const incident = await em.findOne(IncidentEntity, { id: input.incidentId });
        const execution = await em.findOne(ExecutionEntity, { id: input.executionId });
        if (!incident || !execution) return;
        const resolution =
          incident.status === 'resolved'
            ? await em.findOne(
                TimelineEntryEntity,
                { incident: incident.id, data: { to: 'resolved' } },
                { orderBy: { createdAt: 'desc', id: 'desc' } },
              )
            : null;
        const who = resolution?.actorId ? await em.findOne(UserEntity, { id: resolution.actorId }, { filters: false }) : null;
        const why =
          incident.status !== 'resolved'
            ? 'its workflow was cancelled'
            : `the incident was resolved another way${who ? ` by ${who.name}` : ''}${resolution ? ` ("${resolution.message}")` : ''}`;
        addTimelineEntry(em, incident, {
          type: 'execution',
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
      return forkForOrganization(deps.orm, input.organizationId).transactional(async (em) => {
        const incident = await em.findOne(IncidentEntity, { id: input.incidentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        const execution = await em.findOne(ExecutionEntity, { id: input.executionId });
        if (!incident || incident.status === 'resolved') return false;
        return changeIncidentStatus(em, incident, 'resolved', {
          message: `Resolved by runbook "${execution?.definition.name ?? 'runbook'}", started ${execution?.remediationPriority ? `by its priority ${execution.remediationPriority}` : 'by its routing rule'}`,
          data: { execution_id: input.executionId, automatic: true },
          // The relay cancels automatic runs of incidents resolved another way; not this one.
          eventData: { resolved_by_execution: input.executionId },
        });
      });
    },
  };
}
