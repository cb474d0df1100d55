import { ApplicationFailure } from '@temporalio/activity';
import type { StartWaitedEscalations, WaitedEscalationStart } from '../shared/temporal/escalation-starts.ts';

export interface EscalationWaitsActivityDeps {
  /** Starts escalations' workflows (shared/temporal/escalation-starts.ts); absent in a worker built without a Temporal client. */
  startWaitedEscalations?: StartWaitedEscalations;
}

export function createEscalationWaitsActivities(deps: EscalationWaitsActivityDeps) {
  return {
    /** The escalations a bucket found due (or escalated now): their own workflows, started once each. */
    async startWaitedEscalations(input: { taskQueue: string; escalations: WaitedEscalationStart[] }): Promise<void> {
      // Retried, never failed: the bucket's escalations must start, on this worker or another.
      if (!deps.startWaitedEscalations) {
        throw ApplicationFailure.retryable('this worker has no Temporal client to start escalations with', 'NoTemporalClient');
      }
      await deps.startWaitedEscalations(input.taskQueue, input.escalations);
    },
  };
}
