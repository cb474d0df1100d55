import { hostname } from 'node:os';
import { SelfTestRunEntity } from '../shared/db/entities/index.ts';
import type { Orm } from '../shared/db/orm.ts';
import { forkForOrganization } from '../shared/db/tenant-filter.ts';
import type { SelfTestInput } from '../shared/domain/self-test.ts';

export interface SelfTestActivityDeps {
  orm: Orm;
}

export function createSelfTestActivities(deps: SelfTestActivityDeps) {
  return {
    /** Marks the run completed by this worker; running it twice leaves the same row. */
    async completeSelfTestRun(input: SelfTestInput): Promise<void> {
      const em = forkForOrganization(deps.orm, input.organizationId);
      const run = await em.findOneOrFail(SelfTestRunEntity, { id: input.runId });
      if (run.status === 'completed') return;
      run.status = 'completed';
      run.completedAt = new Date();
      run.workerIdentity = `${process.pid}@${hostname()}`;
      await em.flush();
    },
  };
}
