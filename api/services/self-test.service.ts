import type { EntityManager } from '@mikro-orm/core';
import type { selfTestWorkflow } from '../../workflows/self-test.workflow.ts';
import { SelfTestRunEntity, type SelfTestRun } from '../../shared/db/entities/index.ts';
import { NotFoundError, ServiceUnavailableError } from '../../shared/errors.ts';
import { workflowIds, workflowSearchAttributes } from '../../shared/temporal/ids.ts';
import type { TemporalClient } from '../../shared/temporal/client.ts';
import type { AuthContext } from '../auth-context.ts';
import type { SelfTestRunView } from '../schemas/self-test.schemas.ts';

const view = (run: SelfTestRun): SelfTestRunView => ({
  id: run.id,
  status: run.status,
  workflow_id: run.workflowId,
  worker_identity: run.workerIdentity ?? null,
  created_at: run.createdAt.toISOString(),
  completed_at: run.completedAt?.toISOString() ?? null,
});

export type SelfTestService = ReturnType<typeof createSelfTestService>;

/** Starts and reads pipeline self-tests: API → Temporal → worker → activity → PostgreSQL. */
export function createSelfTestService(deps: { em: () => EntityManager; temporal: TemporalClient }) {
  return {
    async start(auth: AuthContext): Promise<SelfTestRunView> {
      const em = deps.em();
      const run = em.create(SelfTestRunEntity, {
        organization: auth.organizationId,
        requestedBy: auth.userId,
        status: 'queued',
        workflowId: '',
      });
      run.workflowId = workflowIds.selfTest(run.id);
      await em.flush();
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

    async get(_auth: AuthContext, id: string): Promise<SelfTestRunView> {
      const run = await deps.em().findOne(SelfTestRunEntity, { id });
      if (!run) throw new NotFoundError('Self-test run');
      return view(run);
    },
  };
}
