import type { selfTestWorkflow } from '../../workflows/self-test.workflow.ts';
import type { SelfTestRunRecord, SelfTestRunStore } from '../../shared/db/access/self-test-runs.ts';
import { NotFoundError, ServiceUnavailableError } from '../../shared/errors.ts';
import { workflowIds, workflowSearchAttributes } from '../../shared/temporal/ids.ts';
import type { TemporalClient } from '../../shared/temporal/client.ts';
import type { AuthContext } from '../auth-context.ts';
import type { SelfTestRunView } from '../schemas/self-test.schemas.ts';

const view = (run: SelfTestRunRecord): SelfTestRunView => ({
  id: run.id,
  status: run.status,
  workflow_id: run.workflowId,
  worker_identity: run.workerIdentity,
  created_at: run.createdAt.toISOString(),
  completed_at: run.completedAt?.toISOString() ?? null,
});

export type SelfTestService = ReturnType<typeof createSelfTestService>;

/** Starts and reads pipeline self-tests: API → Temporal → worker → activity → PostgreSQL. */
export function createSelfTestService(deps: { selfTestRuns: () => SelfTestRunStore; temporal: TemporalClient }) {
  return {
    async start(auth: AuthContext): Promise<SelfTestRunView> {
      const run = await deps.selfTestRuns().insert(auth.organizationId, { requestedBy: auth.userId, workflowId: workflowIds.selfTest });
      try {
        await deps.temporal.client.workflow.start<typeof selfTestWorkflow>('selfTestWorkflow', {
          taskQueue: deps.temporal.taskQueue,
          workflowId: run.workflowId,
          args: [{ runId: run.id, organizationId: auth.organizationId }],
          typedSearchAttributes: workflowSearchAttributes({ organizationId: auth.organizationId }),
        });
      } catch (error) {
        throw new ServiceUnavailableError('Temporal did not accept the self-test; try again', { cause: error });
      }
      return view(run);
    },

    async get(auth: AuthContext, id: string): Promise<SelfTestRunView> {
      const run = await deps.selfTestRuns().find(auth.organizationId, id);
      if (!run) throw new NotFoundError('Self-test run');
      return view(run);
    },
  };
}
