import { WorkflowNotFoundError, WorkflowUpdateFailedError, WorkflowUpdateRPCTimeoutOrCancelledError } from '@temporalio/client';
import { ServiceUnavailableError } from '../../shared/errors.ts';
import type { EscalationEnd, EscalationState } from '../../shared/domain/escalation.ts';
import type { TemporalClient } from '../../shared/temporal/client.ts';
import { isQueryBeforeFirstTask, signalRunningEscalation, startedState, waitingState } from '../../shared/temporal/escalation-messages.ts';
import { workflowIds } from '../../shared/temporal/ids.ts';
import type { escalationWorkflow } from '../../workflows/escalation.workflow.ts';
import { escalateNowSignal, escalationStateQuery, reassignEscalationUpdate } from '../../workflows/messages.ts';

/** The API's port to an incident's escalation workflows, one per escalation cycle. */
export interface EscalationControl {
  /**
   * A running escalation's state (from its query); for one that has ended, only why (its result),
   * which needs no worker. Null when the incident never had an escalation in this cycle.
   */
  state(
    incidentId: string,
    cycle: number,
  ): Promise<{ running: true; state: EscalationState } | { running: false; ended: EscalationEnd | null } | null>;
  /** Ends the current wait; false when no escalation is running. */
  escalateNow(organizationId: string, incidentId: string, cycle: number): Promise<boolean>;
  /** Ends the cycle's running escalation as `reassigned`, answering where it stood; null when none was running. */
  reassign(incidentId: string, cycle: number): Promise<EscalationState | null>;
}

// A worker that is down must not hold the request: the reassignment is refused and can be retried.
const UPDATE_TIMEOUT_MS = 10_000;

/** The escalation control over Temporal. */
export function createEscalationControl(temporal: TemporalClient): EscalationControl {
  const handle = (incidentId: string, cycle: number) =>
    temporal.client.workflow.getHandle<typeof escalationWorkflow>(workflowIds.escalation(incidentId, cycle));
  return {
    async state(incidentId, cycle) {
      try {
        const workflow = handle(incidentId, cycle);
        const description = await workflow.describe();
        if (description.status.name === 'RUNNING') {
          // Waiting as a delayed start: no task has run to answer a query.
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
    },
    async escalateNow(organizationId, incidentId, cycle) {
      try {
        const workflow = handle(incidentId, cycle);
        if ((await workflow.describe()).status.name !== 'RUNNING') return false;
        // Wakes an escalation waiting as a delayed start, which a plain signal would not.
        return await signalRunningEscalation(
          temporal.client,
          { taskQueue: temporal.taskQueue, organizationId, incidentId, cycle },
          escalateNowSignal,
        );
      } catch (error) {
        if (error instanceof WorkflowNotFoundError) return false;
        throw error;
      }
    },
    async reassign(incidentId, cycle) {
      try {
        const workflow = handle(incidentId, cycle);
        if ((await workflow.describe()).status.name !== 'RUNNING') return null;
        return await temporal.client.withDeadline(Date.now() + UPDATE_TIMEOUT_MS, () => workflow.executeUpdate(reassignEscalationUpdate));
      } catch (error) {
        if (error instanceof WorkflowUpdateRPCTimeoutOrCancelledError) {
          throw new ServiceUnavailableError('The escalation did not answer in time; nothing was reassigned, try again', { cause: error });
        }
        // Ended meanwhile (validator refused, or it completed before the update): nothing to end.
        if (error instanceof WorkflowNotFoundError || error instanceof WorkflowUpdateFailedError) return null;
        throw error;
      }
    },
  };
}
