import {
  ServiceError,
  WorkflowExecutionAlreadyStartedError,
  WorkflowIdReusePolicy,
  type Client,
  type SignalDefinition,
  type WorkflowExecutionDescription,
} from '@temporalio/client';
import type { EscalationState } from '../domain/escalation.ts';
import { pagingTaskQueue, workflowIds, workflowSearchAttributes } from './ids.ts';

// An escalation waiting as a delayed start (worker/outbox/relay.ts: after the relay paged its level 1,
// or for a group's group_wait) runs no workflow task until the delay ends. Temporal answers no query
// before a task has run and holds a plain signal until then; these helpers speak to it meanwhile.

const WAITING_MEMO = 'waiting';

/** The memo a delayed escalation starts with: where it stands until its first task. */
export const waitingMemo = (state: EscalationState): Record<string, unknown> => ({ [WAITING_MEMO]: state });

/** The state a delayed escalation was started with (its memo); undefined for one started at once. */
export const startedState = (description: Pick<WorkflowExecutionDescription, 'memo'>): EscalationState | undefined =>
  description.memo?.[WAITING_MEMO] as EscalationState | undefined;

/**
 * Where a delayed escalation stands while nothing has happened to it since its start (no task ran,
 * no message arrived): the state it was started with. Undefined otherwise; its query answers then.
 */
export function waitingState(description: Pick<WorkflowExecutionDescription, 'memo' | 'historyLength'>): EscalationState | undefined {
  return description.historyLength <= 1 ? startedState(description) : undefined;
}

// gRPC's FAILED_PRECONDITION: Temporal's answer to a query sent before the workflow's first task ran.
const FAILED_PRECONDITION = 9;

export const isQueryBeforeFirstTask = (error: unknown): boolean =>
  error instanceof ServiceError && (error.cause as { code?: number } | undefined)?.code === FAILED_PRECONDITION;

/**
 * Signals a running escalation, waking it at once if it waits as a delayed start (a signal-with-start
 * dispatches its task; a plain signal would wait out the delay). Only for an escalation described as
 * running: were its id free, the run this starts has neither policy nor assignee and ends at once
 * (`no_policy`), paging nobody. False when it ended meanwhile.
 */
export async function signalRunningEscalation(
  client: Client,
  target: { taskQueue: string; organizationId: string; incidentId: string; cycle: number },
  signal: SignalDefinition<[]>,
): Promise<boolean> {
  const { organizationId, incidentId, cycle } = target;
  try {
    await client.workflow.signalWithStart('escalationWorkflow', {
      workflowId: workflowIds.escalation(incidentId, cycle),
      taskQueue: pagingTaskQueue(target.taskQueue),
      args: [{ organizationId, incidentId, policyId: null, cycle, publicUrl: '' }],
      signal,
      signalArgs: [],
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      typedSearchAttributes: workflowSearchAttributes({ organizationId, incidentId }),
    });
    return true;
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return false;
    throw error;
  }
}
