import { WorkflowNotFoundError } from '@temporalio/client';
import type { EscalationEnd, EscalationState } from '../../shared/domain/escalation.ts';
import type { TemporalClient } from '../../shared/temporal/client.ts';
import { workflowIds } from '../../shared/temporal/ids.ts';
import type { escalationWorkflow } from '../../workflows/escalation.workflow.ts';
import { escalateNowSignal, escalationStateQuery } from '../../workflows/messages.ts';

/** The API's port to an incident's escalation workflow. */
export interface EscalationControl {
  /**
   * A running escalation's state (from its query); for one that has ended, only why (its result),
   * which needs no worker. Null when the incident never had an escalation.
   */
  state(incidentId: string): Promise<{ running: true; state: EscalationState } | { running: false; ended: EscalationEnd | null } | null>;
  /** Ends the current wait; false when no escalation is running. */
  escalateNow(incidentId: string): Promise<boolean>;
}

/** The escalation control over Temporal. */
export function createEscalationControl(temporal: TemporalClient): EscalationControl {
  const handle = (incidentId: string) => temporal.client.workflow.getHandle<typeof escalationWorkflow>(workflowIds.escalation(incidentId));
  return {
    async state(incidentId) {
      try {
        const workflow = handle(incidentId);
        const description = await workflow.describe();
        if (description.status.name === 'RUNNING') return { running: true, state: await workflow.query(escalationStateQuery) };
        if (description.status.name !== 'COMPLETED') return { running: false, ended: null };
        return { running: false, ended: (await workflow.result()).ended };
      } catch (error) {
        if (error instanceof WorkflowNotFoundError) return null;
        throw error;
      }
    },
    async escalateNow(incidentId) {
      try {
        const workflow = handle(incidentId);
        if ((await workflow.describe()).status.name !== 'RUNNING') return false;
        await workflow.signal(escalateNowSignal);
        return true;
      } catch (error) {
        if (error instanceof WorkflowNotFoundError) return false;
        throw error;
      }
    },
  };
}
