import { randomUUID } from 'node:crypto';
import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { ApplicationFailure } from '@temporalio/common';
import { WorkflowNotFoundError, WorkflowUpdateFailedError, WorkflowUpdateRPCTimeoutOrCancelledError } from '@temporalio/client';
import {
  ExecutionEntity,
  ExecutionStepEntity,
  IncidentEntity,
  OrganizationEntity,
  type Execution,
} from '../../shared/db/entities/index.ts';
import { executionView, inSnapshot, loadExecutionView } from '../../shared/db/access/executions.ts';
import {
  EXECUTION_CONFLICT_TYPES,
  TERMINAL_EXECUTION_STATUSES,
  type ExecutionStatus,
  type ProcedureExecutionInput,
  type StepDecisionStatus,
  type StepState,
} from '../../shared/domain/procedure.ts';
import { initialStepStates } from '../../shared/domain/procedure-step-state.ts';
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
  em: () => EntityManager;
  temporal: TemporalClient;
  procedures: ProcedureService;
  updateTimeoutMs?: number;
}) {
  // With no worker running an update waits; a request should not wait forever.
  const updateTimeoutMs = deps.updateTimeoutMs ?? 30_000;
  const loadView = async (id: string) => {
    const view = await loadExecutionView(deps.em(), id);
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
      const { procedure, definition } = await deps.procedures.snapshot(procedureId);
      const em = deps.em();
      const incidentId = input.incident_id ?? null;
      // The tenant filter limits the lookup to the caller's organization.
      if (incidentId && !(await em.count(IncidentEntity, { id: incidentId }))) {
        throw new AppError('NOT_FOUND', 'incident_id: no such incident in this organization');
      }
      const id = randomUUID();
      const execution = em.create(ExecutionEntity, {
        id,
        organization: auth.organizationId,
        procedureId: procedure.id,
        procedureVersion: definition.version,
        incidentId,
        status: 'pending',
        definition,
        parameters: input.parameters,
        workflowId: workflowIds.execution(id),
        startedBy: auth.userId,
        completedAt: null,
      });
      const initial = initialStepStates(definition.steps);
      const steps = definition.steps.map((step, index) =>
        em.create(ExecutionStepEntity, {
          ...(initial[index] as StepState),
          organization: auth.organizationId,
          execution,
          position: step.position,
          name: step.name,
          type: step.type,
        }),
      );
      await em.flush();
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
          workflowId: execution.workflowId,
          args: [workflowInput],
          typedSearchAttributes: workflowSearchAttributes({ organizationId: auth.organizationId, incidentId }),
        });
      } catch (error) {
        // Nothing runs it, so nothing should pretend to: the row goes, the caller may retry.
        em.remove(execution);
        await em.flush();
        throw new ServiceUnavailableError('Executions are unavailable; retry later', { cause: error });
      }
      return executionView(execution, steps);
    },

    async list(_auth: AuthContext, query: ExecutionListQuery) {
      const where: FilterQuery<Execution> & Record<string, unknown> = {};
      if (query.procedure_id) where.procedureId = query.procedure_id;
      if (query.incident_id) where.incidentId = query.incident_id;
      if (query.status) where.status = query.status;
      return inSnapshot(deps.em(), async (em) => {
        const [items, total] = await em.findAndCount(ExecutionEntity, where, {
          orderBy: { startedAt: 'desc', id: 'desc' },
          limit: query.limit,
          offset: query.offset,
        });
        const steps = items.length === 0 ? [] : await em.find(ExecutionStepEntity, { execution: { $in: items.map((item) => item.id) } });
        return {
          items: items.map((item) =>
            executionView(
              item,
              steps.filter((step) => step.execution.id === item.id),
            ),
          ),
          total,
        };
      });
    },

    async get(_auth: AuthContext, id: string) {
      return loadView(id);
    },

    /** The outcome of the waiting manual/approval step, or cancellation; answers the persisted execution. */
    async update(auth: AuthContext, id: string, input: ExecutionUpdate) {
      const current = await loadView(id);
      if ('step_id' in input && !current.steps.some((step) => step.step_id === input.step_id)) {
        throw new AppError('NOT_FOUND', 'step_id: not a step of this execution');
      }
      if (TERMINAL_EXECUTION_STATUSES.includes(current.status)) {
        throw new ConflictError(`The execution has already ended (${current.status})`);
      }
      // Checked here, before the update reaches the workflow, which stays free of settings reads. The
      // settings are read only for a self-approval, so other decisions cost no extra round trip.
      if ('step_id' in input && isSelfApproval(current, input, auth.userId)) {
        const organization = await deps.em().findOneOrFail(OrganizationEntity, { id: auth.organizationId });
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
      // The workflow answers once the change is persisted; read it back in a fresh identity map.
      deps.em().clear();
      return loadView(id);
    },
  };
}
