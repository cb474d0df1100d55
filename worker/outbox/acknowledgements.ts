import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy, type Client } from '@temporalio/client';
import { forEachBounded } from '../../shared/bounded.ts';
import { pagingTaskQueue, workflowIds, workflowSearchAttributes } from '../../shared/temporal/ids.ts';
import type { AcknowledgementInput, acknowledgementWorkflow } from '../../workflows/acknowledgement.workflow.ts';
import { snoozeIncidentSignal } from '../../workflows/messages.ts';
import type { EscalationPlan } from './escalations.ts';

/**
 * The acknowledgement side of a batch's escalation plan: each acknowledgement (to `investigating`)
 * of an incident that pages through a policy starts its timer workflow, once (a replayed batch's
 * second start is refused); each snooze is signalled to it, starting it again when it had ended
 * with nothing to wait for. Nothing is sent when an incident is resolved or starts a new cycle:
 * the waiting timer then finds it so under the row lock and pages nobody (at most a day later),
 * which keeps resolve storms free of extra Temporal calls.
 */
export async function fanOutAcknowledgements(
  deps: { temporal: Client; taskQueue: string; concurrency: number },
  plan: Pick<EscalationPlan, 'acknowledged' | 'snoozes'>,
  pagesThroughPolicy: (incidentId: string) => boolean,
): Promise<void> {
  const taskQueue = pagingTaskQueue(deps.taskQueue);
  const workflow = deps.temporal.workflow;
  const options = (input: AcknowledgementInput) => ({
    taskQueue,
    workflowId: workflowIds.acknowledgement(input.incidentId, input.cycle),
    args: [input] as [AcknowledgementInput],
    typedSearchAttributes: workflowSearchAttributes(input),
  });
  await forEachBounded(
    plan.acknowledged.filter((item) => pagesThroughPolicy(item.incidentId)),
    deps.concurrency,
    async ({ organizationId, incidentId, cycle, acknowledgedAt }) => {
      try {
        await workflow.start<typeof acknowledgementWorkflow>('acknowledgementWorkflow', {
          ...options({ organizationId, incidentId, cycle, acknowledgedAt }),
          workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
        });
      } catch (error) {
        if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
      }
    },
  );
  // Each incident's snoozes in event order: the last one holds.
  await forEachBounded([...Map.groupBy(plan.snoozes, (item) => item.incidentId).values()], deps.concurrency, async (ofIncident) => {
    for (const { organizationId, incidentId, cycle, until, acknowledgedAt } of ofIncident) {
      await workflow.signalWithStart<typeof acknowledgementWorkflow, [{ until: string }]>('acknowledgementWorkflow', {
        ...options({ organizationId, incidentId, cycle, acknowledgedAt }),
        signal: snoozeIncidentSignal,
        signalArgs: [{ until }],
      });
    }
  });
}
