import { CancellationScope, CancelledFailure, proxyActivities, uuid4, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { Priority } from '../shared/domain/priority.ts';
import type { ExecutionStatus } from '../shared/domain/procedure.ts';
import { dbActivityOptions } from './activity-options.ts';
import { procedureExecutionWorkflow } from './procedure-execution.workflow.ts';

const { prepareRemediation, resolveAfterRemediation, recordRemediationCancelled } = proxyActivities<Activities>(dbActivityOptions);

export interface RemediationInput {
  organizationId: string;
  incidentId: string;
  /** The routing rule that named the runbook; null when the incident's priority did. */
  ruleId: string | null;
  /** The priority whose runbook it is (absent or null: the rule's). */
  priority?: Priority | null;
  procedureId: string;
  autoApprove: boolean;
  resolves: boolean;
}

/**
 * The runbook a routing rule or a priority starts on an incident (keyed `remediation:<incident>`,
 * started by the outbox relay with REJECT_DUPLICATE: one per incident, ever). Stores the execution,
 * then runs its steps right here, so `PATCH /executions/{id}` reaches this workflow with approvals
 * and step outcomes; on success, when asked, resolves the incident, which ends its paging. The relay
 * cancels this workflow when the incident is resolved another way: the steps end `cancelled`, and
 * the timeline says why.
 */
export async function remediationWorkflow(
  input: RemediationInput,
): Promise<{ status: ExecutionStatus | 'skipped'; executionId: string | null; resolved: boolean }> {
  // Stored whole even when a cancellation arrives meanwhile: the steps below then end it `cancelled`.
  const execution = await CancellationScope.nonCancellable(() =>
    prepareRemediation({
      organizationId: input.organizationId,
      incidentId: input.incidentId,
      ruleId: input.ruleId,
      priority: input.priority ?? null,
      procedureId: input.procedureId,
      autoApprove: input.autoApprove,
      executionId: uuid4(),
      workflowId: workflowInfo().workflowId,
    }),
  );
  if (!execution) return { status: 'skipped', executionId: null, resolved: false };
  const { status } = await procedureExecutionWorkflow(execution);
  const scope = { organizationId: input.organizationId, incidentId: input.incidentId, executionId: execution.executionId };
  if (status === 'cancelled' && CancellationScope.current().consideredCancelled) {
    await CancellationScope.nonCancellable(() => recordRemediationCancelled(scope));
    // Ends as Temporal's own cancellation, so the workflow's status says what happened to it.
    throw new CancelledFailure('Cancelled: the incident was resolved another way');
  }
  const resolved =
    status === 'completed' && input.resolves ? await CancellationScope.nonCancellable(() => resolveAfterRemediation(scope)) : false;
  return { status, executionId: execution.executionId, resolved };
}
