import { WorkflowNotFoundError, WorkflowUpdateFailedError, WorkflowUpdateRPCTimeoutOrCancelledError } from '@temporalio/client';
import { ServiceUnavailableError } from '../../shared/errors.ts';
import type { EscalationEnd, EscalationState } from '../../shared/domain/escalation.ts';
import type { TemporalClient } from '../../shared/temporal/client.ts';
import {
  escalationWorkflowStatus,
  isQueryBeforeFirstTask,
  messageWaitingEscalation,
  signalRunningEscalation,
  startedState,
  waitingEscalationView,
  waitingState,
} from '../../shared/temporal/escalation-messages.ts';
import { workflowIds } from '../../shared/temporal/ids.ts';
import type { escalationWorkflow } from '../../workflows/escalation.workflow.ts';
import { escalateNowSignal, escalationStateQuery, reassignEscalationUpdate } from '../../workflows/messages.ts';

type EscalationStatus = { running: true; state: EscalationState } | { running: false; ended: EscalationEnd | null } | null;

/**
 * The API's port to an incident's escalation workflows, one per escalation cycle. Between its
 * first level and its next, an escalation has no workflow of its own: its organization's bucket
 * holds it (workflows/escalation-waits.workflow.ts), and answers for it.
 */
export interface EscalationControl {
  /**
   * A running escalation's state (from its query, or its bucket's); for one that has ended, only
   * why (its result), which needs no worker. Null when the incident never had an escalation in this cycle.
   */
  state(organizationId: string, incidentId: string, cycle: number): Promise<EscalationStatus>;
  /** Ends the current wait; false when no escalation is running. */
  escalateNow(organizationId: string, incidentId: string, cycle: number): Promise<boolean>;
  /** Ends the cycle's running escalation as `reassigned`, answering where it stood; null when none was running. */
  reassign(organizationId: string, incidentId: string, cycle: number): Promise<EscalationState | null>;
}

// A worker that is down must not hold the request: the reassignment is refused and can be retried.
const UPDATE_TIMEOUT_MS = 10_000;

/** The escalation control over Temporal. */
export function createEscalationControl(temporal: TemporalClient): EscalationControl {
  const handle = (incidentId: string, cycle: number) =>
    temporal.client.workflow.getHandle<typeof escalationWorkflow>(workflowIds.escalation(incidentId, cycle));
  /** The escalation's own workflow: its state from the query, or the memo of a delayed start. */
  async function workflowState(incidentId: string, cycle: number): Promise<EscalationStatus> {
    try {
      const workflow = handle(incidentId, cycle);
      const description = await workflow.describe();
      if (description.status.name === 'RUNNING') {
        // Waiting as a delayed start (a group's wait): no task has run to answer a query.
        const waiting = waitingState(description);
        if (waiting) return { running: true, state: waiting };
        try {
          return { running: true, state: await workflow.query(escalationStateQuery) };
        } catch (error) {
          // A message arrived (an older relay's plain signal) but the delay has not ended yet.
          const started = startedState(description);
          if (started && isQueryBeforeFirstTask(error)) return { running: true, state: started };
          throw error;
        }
      }
      if (description.status.name !== 'COMPLETED') return { running: false, ended: null };
      return { running: false, ended: (await workflow.result()).ended };
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) return null;
      throw error;
    }
  }
  /** Reassigns the escalation's running workflow: its update answers where it stood. */
  async function reassignWorkflow(incidentId: string, cycle: number): Promise<EscalationState | null> {
    try {
      return await temporal.client.withDeadline(Date.now() + UPDATE_TIMEOUT_MS, () =>
        handle(incidentId, cycle).executeUpdate(reassignEscalationUpdate),
      );
    } catch (error) {
      if (error instanceof WorkflowUpdateRPCTimeoutOrCancelledError) {
        throw new ServiceUnavailableError('The escalation did not answer in time; nothing was reassigned, try again', { cause: error });
      }
      // Ended meanwhile (validator refused, or it completed before the update): nothing to end.
      if (error instanceof WorkflowNotFoundError || error instanceof WorkflowUpdateFailedError) return null;
      throw error;
    }
  }
  /** A waiting escalation's bucket, asked within UPDATE_TIMEOUT_MS: a worker that is down refuses the request. */
  async function askBucket<T>(ask: () => Promise<T>, what: string): Promise<T> {
    try {
      return await temporal.client.withDeadline(Date.now() + UPDATE_TIMEOUT_MS, ask);
    } catch (error) {
      if (error instanceof WorkflowUpdateRPCTimeoutOrCancelledError) {
        throw new ServiceUnavailableError(`The escalation did not answer in time; nothing was ${what}, try again`, { cause: error });
      }
      throw error;
    }
  }
  return {
    async state(organizationId, incidentId, cycle) {
      const status = await workflowState(incidentId, cycle);
      if (status) return status;
      const view = await waitingEscalationView(temporal.client, { organizationId, incidentId, cycle });
      if (!view) return null;
      if ('waiting' in view) return { running: true, state: view.waiting };
      if ('ended' in view) return { running: false, ended: view.ended };
      // Its bucket started it a moment ago: its workflow answers now.
      return workflowState(incidentId, cycle);
    },
    async escalateNow(organizationId, incidentId, cycle) {
      const target = { taskQueue: temporal.taskQueue, organizationId, incidentId, cycle };
      let status = await escalationWorkflowStatus(temporal.client, target);
      if (status === 'none') {
        const answer = await askBucket(() => messageWaitingEscalation(temporal.client, target, 'escalate_now'), 'escalated');
        if (answer.held) return true;
        if (!answer.started) return false;
        status = await escalationWorkflowStatus(temporal.client, target);
      }
      // Wakes an escalation waiting as a delayed start, which a plain signal would not.
      return status === 'running' && (await signalRunningEscalation(temporal.client, target, escalateNowSignal));
    },
    async reassign(organizationId, incidentId, cycle) {
      const target = { organizationId, incidentId, cycle };
      let status = await escalationWorkflowStatus(temporal.client, target);
      if (status === 'none') {
        const answer = await askBucket(() => messageWaitingEscalation(temporal.client, target, 'reassigned'), 'reassigned');
        if (answer.held) return answer.state;
        if (!answer.started) return null;
        status = await escalationWorkflowStatus(temporal.client, target);
      }
      // Described once: the update goes only to a workflow that runs.
      return status === 'running' ? reassignWorkflow(incidentId, cycle) : null;
    },
  };
}
