import { proxyActivities, uuid4, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { ExecutionStatus } from '../shared/domain/procedure.ts';
import { dbActivityOptions } from './activity-options.ts';
import { procedureExecutionWorkflow } from './procedure-execution.workflow.ts';

const { prepareRemediation, resolveAfterRemediation } = proxyActivities<Activities>(dbActivityOptions);

export interface RemediationInput {
  organizationId: string;
  incidentId: string;
  ruleId: string;
  procedureId: string;
  autoApprove: boolean;
  resolves: boolean;
}

/**
 * The runbook a routing rule starts on an incident it routed (keyed `remediation:<incident>`,
 * started by the outbox relay with REJECT_DUPLICATE: one per incident, ever). Stores the execution,
 * then runs its steps right here, so `PATCH /executions/{id}` reaches this workflow with approvals
 * and step outcomes; on success, when the rule says so, resolves the incident, which ends its paging.
 */
export async function remediationWorkflow(
  input: RemediationInput,
): Promise<{ status: ExecutionStatus | 'skipped'; executionId: string | null; resolved: boolean }> {
  const execution = await prepareRemediation({
    organizationId: input.organizationId,
    incidentId: input.incidentId,
    ruleId: input.ruleId,
    procedureId: input.procedureId,
    autoApprove: input.autoApprove,
    executionId: uuid4(),
    workflowId: workflowInfo().workflowId,
  });
  if (!execution) return { status: 'skipped', executionId: null, resolved: false };
  const { status } = await procedureExecutionWorkflow(execution);
  const resolved =
    status === 'completed' && input.resolves
      ? await resolveAfterRemediation({
          organizationId: input.organizationId,
          incidentId: input.incidentId,
          executionId: execution.executionId,
        })
      : false;
  return { status, executionId: execution.executionId, resolved };
}
