import { IsolationLevel, type EntityManager, type FilterQuery } from '@mikro-orm/core';
import type { ExecutionProgress, ExecutionStatus, ProcedureSnapshot, StepState, StepStatus, StepType } from '../../domain/procedure.ts';
import { initialStepStates } from '../../domain/procedure-step-state.ts';
import type { Priority } from '../../domain/priority.ts';
import {
  DomainEventEntity,
  ExecutionEntity,
  ExecutionStepEntity,
  IncidentEntity,
  type Execution,
  type ExecutionStep,
} from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import { addTimelineEntry } from './incidents.ts';

/**
 * An execution as the API returns it and as `execution.updated` events carry it. The worker
 * builds it too, so it is written out here; api/schemas/procedure.schemas.ts checks at compile
 * time that it is exactly the output of ExecutionSchema, the contract.
 */
export interface ExecutionView {
  id: string;
  procedure_id: string;
  procedure_name: string;
  procedure_version: number;
  incident_id: string | null;
  status: ExecutionStatus;
  parameters: Record<string, unknown>;
  steps: ExecutionStepView[];
  started_by: string | null;
  routing_rule_id: string | null;
  priority_runbook: Priority | null;
  started_at: string;
  completed_at: string | null;
  workflow_id: string;
}

export interface ExecutionStepView {
  step_id: string;
  position: number;
  name: string;
  type: StepType;
  status: StepStatus;
  output: unknown;
  notes: string | null;
  actor_id: string | null;
  started_at: string | null;
  completed_at: string | null;
}

export const executionStepView = (step: ExecutionStep): ExecutionStepView => ({
  step_id: step.stepId,
  position: step.position,
  name: step.name,
  type: step.type,
  status: step.status,
  output: step.output ?? null,
  notes: step.notes ?? null,
  actor_id: step.actorId ?? null,
  started_at: step.startedAt?.toISOString() ?? null,
  completed_at: step.completedAt?.toISOString() ?? null,
});

export function executionView(execution: Execution, steps: ExecutionStep[]): ExecutionView {
  return {
    id: execution.id,
    procedure_id: execution.procedureId,
    procedure_name: execution.definition.name,
    procedure_version: execution.procedureVersion,
    incident_id: execution.incidentId ?? null,
    status: execution.status,
    parameters: execution.parameters,
    steps: [...steps].sort((a, b) => a.position - b.position).map(executionStepView),
    started_by: execution.startedBy ?? null,
    routing_rule_id: execution.routingRuleId ?? null,
    priority_runbook: execution.remediationPriority ?? null,
    started_at: execution.startedAt.toISOString(),
    completed_at: execution.completedAt?.toISOString() ?? null,
    workflow_id: execution.workflowId,
  };
}

/**
 * Runs reads of an execution and its steps in one snapshot: the worker commits both together, and
 * two plain reads could straddle that commit (a step `waiting` beside an execution still `pending`).
 */
export function inSnapshot<T>(em: EntityManager, read: (em: EntityManager) => Promise<T>): Promise<T> {
  return em.transactional(read, { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true });
}

/** What a new execution is made of: its status starts `pending`, its version is its definition's. */
export interface NewExecution {
  id: string;
  procedureId: string;
  incidentId: string | null;
  definition: ProcedureSnapshot;
  parameters: Record<string, unknown>;
  workflowId: string;
  startedBy: string | null;
  /** The routing rule or the priority that started it automatically. */
  routingRuleId?: string | null;
  remediationPriority?: Priority | null;
}

/** Stages a new execution of the organization and its steps in their initial states in `em` (not flushed). */
export function stageExecution(
  em: EntityManager,
  organizationId: string,
  fields: NewExecution,
): { execution: Execution; steps: ExecutionStep[] } {
  const execution = em.create(ExecutionEntity, {
    ...fields,
    organization: organizationId,
    procedureVersion: fields.definition.version,
    status: 'pending',
    routingRuleId: fields.routingRuleId ?? null,
    remediationPriority: fields.remediationPriority ?? null,
    completedAt: null,
  });
  const initial = initialStepStates(fields.definition.steps);
  const steps = fields.definition.steps.map((step, index) =>
    em.create(ExecutionStepEntity, {
      ...(initial[index] as StepState),
      organization: organizationId,
      execution,
      position: step.position,
      name: step.name,
      type: step.type,
    }),
  );
  return { execution, steps };
}

/** The timeline entry an execution's progress writes on its incident. */
export interface ExecutionTimelineEntry {
  message: string;
  actorId: string | null;
  data: Record<string, unknown>;
}

/** Every read and write is confined to the organization given. */
export interface ExecutionStore {
  /** Read in one snapshot, as the worker last committed it. */
  find(organizationId: string, id: string): Promise<ExecutionView | undefined>;
  /** Newest first, each read with its steps in one snapshot. */
  list(
    organizationId: string,
    query: { limit: number; offset: number; procedureId?: string; incidentId?: string; status?: ExecutionStatus },
  ): Promise<{ items: ExecutionView[]; total: number }>;
  isIncident(organizationId: string, incidentId: string): Promise<boolean>;
  /** Stores a new execution (`pending`) with its steps in their initial states. */
  insert(organizationId: string, execution: NewExecution): Promise<ExecutionView>;
  /** Deletes the execution and its steps. */
  remove(organizationId: string, id: string): Promise<void>;
  /**
   * In one transaction: applies a progress record to the execution and its steps, with an
   * `execution.updated` event and, for an execution tied to an incident, the timeline entry
   * `describe` writes from the updated execution. A record whose sequence number was applied
   * already changes nothing; 'missing' when the organization has no such execution.
   */
  recordProgress(
    organizationId: string,
    progress: ExecutionProgress,
    describe: (view: ExecutionView) => ExecutionTimelineEntry,
  ): Promise<'applied' | 'already_applied' | 'missing'>;
}

/** Runbook executions (`executions`) and their steps (`execution_steps`). */
export function createExecutionStore(em: EntityManager): ExecutionStore {
  return {
    find: (organizationId, id) =>
      inSnapshot(em, async (tx) => {
        // Refreshed: the worker may have changed what this unit of work loaded before.
        const execution = await tx.findOne(ExecutionEntity, { id, organization: organizationId }, { ...unscoped, refresh: true });
        if (!execution) return undefined;
        const steps = await tx.find(
          ExecutionStepEntity,
          { execution: id, organization: organizationId },
          { ...unscoped, refresh: true, orderBy: { position: 'asc' } },
        );
        return executionView(execution, steps);
      }),

    list: (organizationId, query) => {
      const where: FilterQuery<Execution> & Record<string, unknown> = { organization: organizationId };
      if (query.procedureId) where.procedureId = query.procedureId;
      if (query.incidentId) where.incidentId = query.incidentId;
      if (query.status) where.status = query.status;
      return inSnapshot(em, async (tx) => {
        const [items, total] = await tx.findAndCount(ExecutionEntity, where, {
          ...unscoped,
          orderBy: { startedAt: 'desc', id: 'desc' },
          limit: query.limit,
          offset: query.offset,
        });
        const steps =
          items.length === 0
            ? []
            : await tx.find(
                ExecutionStepEntity,
                { execution: { $in: items.map((item) => item.id) }, organization: organizationId },
                unscoped,
              );
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

    async isIncident(organizationId, incidentId) {
      return (await em.count(IncidentEntity, { id: incidentId, organization: organizationId }, unscoped)) > 0;
    },

    async insert(organizationId, fields) {
      const { execution, steps } = stageExecution(em, organizationId, fields);
      await em.flush();
      return executionView(execution, steps);
    },

    async remove(organizationId, id) {
      await em.nativeDelete(ExecutionEntity, { id, organization: organizationId }, unscoped);
    },

    recordProgress: (organizationId, progress, describe) =>
      em.transactional(async (tx) => {
        const execution = await tx.findOne(ExecutionEntity, { id: progress.executionId, organization: organizationId }, unscoped);
        if (!execution) return 'missing' as const;
        // Already applied by an attempt whose commit went through but whose completion was lost.
        if (execution.progressSeq >= progress.seq) return 'already_applied' as const;
        execution.progressSeq = progress.seq;
        const rows = await tx.find(ExecutionStepEntity, { execution: execution.id, organization: organizationId }, unscoped);
        for (const state of progress.steps) {
          const row = rows.find((candidate) => candidate.stepId === state.stepId);
          if (!row) continue;
          row.status = state.status;
          row.output = state.output ?? null;
          row.notes = state.notes;
          row.actorId = state.actorId;
          row.startedAt = state.startedAt ? new Date(state.startedAt) : null;
          row.completedAt = state.completedAt ? new Date(state.completedAt) : null;
        }
        execution.status = progress.status;
        if (progress.completedAt !== undefined) execution.completedAt = progress.completedAt ? new Date(progress.completedAt) : null;
        const view = executionView(execution, rows);
        tx.create(DomainEventEntity, {
          organization: organizationId,
          type: 'execution.updated',
          incidentId: execution.incidentId ?? null,
          data: { organization_id: organizationId, execution: view },
        });
        if (execution.incidentId) {
          const incident = await tx.findOne(IncidentEntity, { id: execution.incidentId, organization: organizationId }, unscoped);
          if (incident) addTimelineEntry(tx, incident, { type: 'execution', ...describe(view) });
        }
        return 'applied' as const;
      }),
  };
}
