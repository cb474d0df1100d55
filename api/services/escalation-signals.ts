import { WorkflowNotFoundError } from '@temporalio/client';
import type { EscalationState } from '../../shared/domain/escalation.ts';
import type { TemporalClient } from '../../shared/temporal/client.ts';
import { workflowIds } from '../../shared/temporal/ids.ts';
import { escalateNowSignal, escalationStateQuery } from '../../workflows/messages.ts';

/** The API's port to an incident's escalation workflow. */
export interface EscalationControl {
  /** The workflow's state, or null when the incident never had an escalation. */
  state(incidentId: string): Promise<(EscalationState & { running: boolean }) | null>;
  /** Ends the current wait; false when no escalation is running. */
  escalateNow(incidentId: string): Promise<boolean>;
}

/** The escalation control over Temporal. */
export function createEscalationControl(temporal: TemporalClient): EscalationControl {
  const handle = (incidentId: string) => temporal.client.workflow.getHandle(workflowIds.escalation(incidentId));
  return {
    async state(incidentId) {
      try {
        const workflow = handle(incidentId);
        const [description, state] = await Promise.all([workflow.describe(), workflow.query(escalationStateQuery)]);
        return { ...state, running: description.status.name === 'RUNNING' };
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
