import { IsolationLevel, type EntityManager } from '@mikro-orm/core';
import type { ExecutionStatus, StepStatus, StepType } from '../../domain/procedure.ts';
import type { Priority } from '../../domain/priority.ts';
import { ExecutionEntity, ExecutionStepEntity, type Execution, type ExecutionStep } from '../entities/index.ts';

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

/** Loads one execution of the em's organization with its steps; null when there is none. */
export async function loadExecutionView(em: EntityManager, id: string): Promise<ExecutionView | null> {
  return inSnapshot(em, async (tx) => {
    const execution = await tx.findOne(ExecutionEntity, { id });
    if (!execution) return null;
    const steps = await tx.find(ExecutionStepEntity, { execution: id }, { orderBy: { position: 'asc' } });
    return executionView(execution, steps);
  });
}
