import {
  ServiceError,
  WorkflowExecutionAlreadyStartedError,
  WorkflowIdReusePolicy,
  WorkflowNotFoundError,
  type Client,
  type SignalDefinition,
  type WorkflowExecutionDescription,
} from '@temporalio/client';
import type { EscalationState } from '../domain/escalation.ts';
import {
  escalationWaitBucketOf,
  escalationWaitKey,
  type WaitingEscalationAnswer,
  type WaitingEscalationMessage,
  type WaitingEscalationView,
} from '../domain/escalation-waits.ts';
import { waitingEscalationQuery, waitingEscalationUpdate } from '../../workflows/messages.ts';
import { pagingTaskQueue, workflowIds, workflowSearchAttributes } from './ids.ts';

// An escalation waiting as a delayed start (handed on by its bucket shortly before its next level,
// or one its bucket had no room for: escalation-starts.ts; or a group's group_wait: worker/outbox/relay.ts)
// runs no workflow task until the delay ends. Temporal answers no query
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

// An escalation whose level 1 the relay paged waits for its next level in a bucket of its
// organization (workflows/escalation-waits.workflow.ts) and has no workflow of its own until then:
// whoever finds none asks the bucket.

interface EscalationTarget {
  organizationId: string;
  incidentId: string;
  cycle: number;
}

const waitsOf = (client: Client, target: EscalationTarget) =>
  client.workflow.getHandle(workflowIds.escalationWaits(target.organizationId, escalationWaitBucketOf(target.incidentId)));

/** The escalation's workflow status; `none` when it has no workflow (its bucket may hold it). */
export async function escalationWorkflowStatus(client: Client, target: EscalationTarget): Promise<'running' | 'closed' | 'none'> {
  try {
    const description = await client.workflow.getHandle(workflowIds.escalation(target.incidentId, target.cycle)).describe();
    return description.status.name === 'RUNNING' ? 'running' : 'closed';
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return 'none';
    throw error;
  }
}

/** Sends a message to the escalation's bucket: applied there when it holds it; `{ held: false }` when no bucket runs. */
export async function messageWaitingEscalation(
  client: Client,
  target: EscalationTarget,
  message: WaitingEscalationMessage,
): Promise<WaitingEscalationAnswer> {
  try {
    return await waitsOf(client, target).executeUpdate(waitingEscalationUpdate, {
      args: [{ key: escalationWaitKey(target.incidentId, target.cycle), message }],
    });
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return { held: false };
    throw error;
  }
}

/** What the escalation's bucket knows of it; null when it knows nothing or no bucket runs. */
export async function waitingEscalationView(client: Client, target: EscalationTarget): Promise<WaitingEscalationView> {
  try {
    return await waitsOf(client, target).query(waitingEscalationQuery, escalationWaitKey(target.incidentId, target.cycle));
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return null;
    throw error;
  }
}

/**
 * Acknowledges or resolves an escalation: in its bucket while it waits there (it then ends without
 * a workflow), else by signalling its running workflow. Nothing when neither holds it.
 */
export async function endEscalation(
  client: Client,
  target: EscalationTarget & { taskQueue: string },
  end: 'acknowledged' | 'resolved',
  signal: SignalDefinition<[]>,
): Promise<void> {
  let status = await escalationWorkflowStatus(client, target);
  if (status === 'none') {
    const answer = await messageWaitingEscalation(client, target, end);
    // Started a moment ago by its bucket: its workflow takes the signal.
    if (answer.held || !answer.started) return;
    status = await escalationWorkflowStatus(client, target);
  }
  if (status === 'running') await signalRunningEscalation(client, target, signal);
}
