import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy, type Client } from '@temporalio/client';
import { forEachBounded } from '../bounded.ts';
import { pagingTaskQueue, workflowIds, workflowSearchAttributes } from './ids.ts';
import type { EscalationState } from '../domain/escalation.ts';
import type { WaitingInput } from '../domain/escalation-waits.ts';
import { escalateNowSignal } from '../../workflows/messages.ts';
import { waitingMemo } from './escalation-messages.ts';

/** An escalation its bucket starts (escalation-waits.workflow.ts): delayed until its wake, or at once with an escalate-now. */
export interface WaitedEscalationStart {
  /** The escalation workflow's whole input (EscalationInput), passed on as it is. */
  input: WaitingInput;
  /** Where it stood while it waited: its memo, answered until its first task has run. */
  state: EscalationState;
  escalateNow?: boolean;
  /** It waits until then as a delayed start of its own (started at once when under MIN_START_DELAY_MS away). */
  wakeAt?: number;
}

export type StartWaitedEscalations = (taskQueue: string, escalations: readonly WaitedEscalationStart[]) => Promise<void>;

const START_CONCURRENCY = 16;
/** Shorter delays start at once: a second is within what a level's wake may be late. */
export const MIN_START_DELAY_MS = 1_000;

/**
 * Starts escalations' own workflows on the paging queue, as the relay would have. Each id starts
 * once (a second start, or an escalate-now for one that ended, is refused and ignored), so a
 * retried activity starts nothing twice; an escalate-now for one that runs signals it.
 */
export function createWaitedEscalationStarter(client: Client): StartWaitedEscalations {
  return (taskQueue, escalations) =>
    forEachBounded(escalations, START_CONCURRENCY, async ({ input, state, escalateNow, wakeAt }) => {
      const delayMs = wakeAt === undefined ? 0 : wakeAt - Date.now();
      const options = {
        workflowId: workflowIds.escalation(input.incidentId, input.cycle ?? 1),
        taskQueue: pagingTaskQueue(taskQueue),
        args: [input],
        workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
        typedSearchAttributes: workflowSearchAttributes(input),
        memo: waitingMemo(state),
        ...(delayMs >= MIN_START_DELAY_MS ? { startDelay: delayMs } : {}),
      };
      try {
        if (escalateNow)
          await client.workflow.signalWithStart('escalationWorkflow', { ...options, signal: escalateNowSignal, signalArgs: [] });
        else await client.workflow.start('escalationWorkflow', options);
      } catch (error) {
        if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
      }
    });
}
