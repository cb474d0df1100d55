import { randomUUID } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/common';
import { WorkflowNotFoundError, WorkflowUpdateFailedError, WorkflowUpdateRPCTimeoutOrCancelledError } from '@temporalio/client';
import type { ExecutionStore } from '../../shared/db/access/executions.ts';
import type { OrganizationStore } from '../../shared/db/access/organizations.ts';
import {
  EXECUTION_CONFLICT_TYPES,
  TERMINAL_EXECUTION_STATUSES,
  type ExecutionStatus,
  type ProcedureExecutionInput,
  type StepDecisionStatus,
} from '../../shared/domain/procedure.ts';
import { readSettings } from '../../shared/domain/organization-settings.ts';
import { AppError, ConflictError, NotFoundError, ServiceUnavailableError } from '../../shared/errors.ts';
import type { TemporalClient } from '../../shared/temporal/client.ts';
import { workflowIds, workflowSearchAttributes } from '../../shared/temporal/ids.ts';
import { cancelExecutionUpdate, completeStepUpdate } from '../../workflows/messages.ts';
import type { procedureExecutionWorkflow } from '../../workflows/procedure-execution.workflow.ts';
import type { AuthContext } from '../auth-context.ts';
import type { ProcedureService } from './procedure.service.ts';

export type ExecutionUpdate =
  { status: 'cancelled' } | { step_id: string; status: StepDecisionStatus; notes?: string | null; output?: unknown };

export interface ExecutionListQuery {
  limit: number;
  offset: number;
  procedure_id?: string;
  incident_id?: string;
  status?: ExecutionStatus;
}

export type ExecutionService = ReturnType<typeof createExecutionService>;

/**
 * Whether a step decision needs another person under separation of duties: approving or skipping
 * (both let the run go on) an approval step of an execution the caller started. Rejecting stays
 * open to the starter, who could cancel the run anyway.
 */
export function isSelfApproval(
  execution: { started_by: string | null; steps: ReadonlyArray<{ step_id: string; type: string }> },
  decision: { step_id: string; status: StepDecisionStatus },
  userId: string,
): boolean {
  const step = execution.steps.find((candidate) => candidate.step_id === decision.step_id);
  return step?.type === 'approval' && decision.status !== 'failed' && execution.started_by === userId;
}

/**
 * Executions over the API: the row and its pending steps are stored, then workflow
 * `execution:<id>` is started; PATCH reaches the running workflow as an update, so the caller
 * learns whether the step was waiting (409 when not). Only the workflow's activity writes progress.
 */
export function createExecutionService(deps: {
  executions: () => ExecutionStore;
  /** Read for the separation-of-duties setting. */
  organizations: () => OrganizationStore;
  temporal: TemporalClient;
  procedures: ProcedureService;
  updateTimeoutMs?: number;
}) {
  // With no worker running an update waits; a request should not wait forever.
  const updateTimeoutMs = deps.updateTimeoutMs ?? 30_000;
  const loadView = async (organizationId: string, id: string) => {
    const view = await deps.executions().find(organizationId, id);
    if (!view) throw new NotFoundError('Execution');
    return view;
  };

  /** Runs a workflow update, translating the workflow's refusals and a closed workflow into 409. */
  const sendUpdate = async (run: () => Promise<unknown>) => {
    try {
      await deps.temporal.client.withDeadline(Date.now() + updateTimeoutMs, run);
    } catch (error) {
      if (
        error instanceof WorkflowUpdateFailedError &&
        error.cause instanceof ApplicationFailure &&
        (EXECUTION_CONFLICT_TYPES as readonly (string | undefined)[]).includes(error.cause.type ?? undefined)
      ) {
        throw new ConflictError(error.cause.message);
      }
      if (error instanceof WorkflowNotFoundError) throw new ConflictError('The execution has already ended');
      if (error instanceof WorkflowUpdateRPCTimeoutOrCancelledError) {
        throw new ServiceUnavailableError(
          'The execution did not answer in time; the change may still apply, check GET /executions/{id} before retrying',
          { cause: error },
        );
      }
      throw error;
    }
  };

  return {
    async start(auth: AuthContext, procedureId: string, input: { incident_id?: string | null; parameters: Record<string, unknown> }) {
      const { procedure, definition } = await deps.procedures.snapshot(auth.organizationId, procedureId);
      const executions = deps.executions();
      const incidentId = input.incident_id ?? null;
      if (incidentId && !(await executions.isIncident(auth.organizationId, incidentId))) {
        throw new AppError('NOT_FOUND', 'incident_id: no such incident in this organization');
      }
      const id = randomUUID();
      const execution = await executions.insert(auth.organizationId, {
        id,
        procedureId: procedure.id,
        incidentId,
        definition,
        parameters: input.parameters,
        workflowId: workflowIds.execution(id),
        startedBy: auth.userId,
      });
      const workflowInput: ProcedureExecutionInput = {
        executionId: id,
        organizationId: auth.organizationId,
        incidentId,
        steps: definition.steps,
        parameters: input.parameters,
      };
      try {
        await deps.temporal.client.workflow.start<typeof procedureExecutionWorkflow>('procedureExecutionWorkflow', {
          taskQueue: deps.temporal.taskQueue,
          workflowId: execution.workflow_id,
          args: [workflowInput],
          typedSearchAttributes: workflowSearchAttributes({ organizationId: auth.organizationId, incidentId }),
        });
      } catch (error) {
        // Nothing runs it, so nothing should pretend to: the row goes, the caller may retry.
        await executions.remove(auth.organizationId, id);
        throw new ServiceUnavailableError('Executions are unavailable; retry later', { cause: error });
      }
      return execution;
    },

    async list(auth: AuthContext, query: ExecutionListQuery) {
      return deps.executions().list(auth.organizationId, {
        limit: query.limit,
        offset: query.offset,
        procedureId: query.procedure_id,
        incidentId: query.incident_id,
        status: query.status,
      });
    },

    async get(auth: AuthContext, id: string) {
      return loadView(auth.organizationId, id);
    },

    /** The outcome of the waiting manual/approval step, or cancellation; answers the persisted execution. */
    async update(auth: AuthContext, id: string, input: ExecutionUpdate) {
      const current = await loadView(auth.organizationId, id);
      if ('step_id' in input && !current.steps.some((step) => step.step_id === input.step_id)) {
        throw new AppError('NOT_FOUND', 'step_id: not a step of this execution');
      }
      if (TERMINAL_EXECUTION_STATUSES.includes(current.status)) {
        throw new ConflictError(`The execution has already ended (${current.status})`);
      }
      // Checked here, before the update reaches the workflow, which stays free of settings reads. The
      // settings are read only for a self-approval, so other decisions cost no extra round trip.
      if ('step_id' in input && isSelfApproval(current, input, auth.userId)) {
        const organization = await deps.organizations().find(auth.organizationId);
        if (readSettings(organization.settings).executions.approval_separation_of_duties) {
          throw new AppError(
            'INSUFFICIENT_PERMISSIONS',
            'Separation of duties: the person who started this execution cannot approve or skip its approval steps; another member with executions:update must',
            {
              fields: { setting: 'executions.approval_separation_of_duties' },
            },
          );
        }
      }
      const handle = deps.temporal.client.workflow.getHandle(current.workflow_id);
      if ('step_id' in input) {
        const decision = {
          stepId: input.step_id,
          status: input.status,
          notes: input.notes ?? null,
          output: input.output ?? null,
          actorId: auth.userId,
        };
        await sendUpdate(() => handle.executeUpdate(completeStepUpdate, { args: [decision] }));
      } else {
        await sendUpdate(() => handle.executeUpdate(cancelExecutionUpdate, { args: [{ actorId: auth.userId }] }));
      }
      // The workflow answers once the change is persisted; the store reads it back afresh.
      return loadView(auth.organizationId, id);
    },
  };
}
