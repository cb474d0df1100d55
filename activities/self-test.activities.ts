import { hostname } from 'node:os';
import type { SelfTestRunStore } from '../shared/db/access/self-test-runs.ts';
import type { SelfTestInput } from '../shared/domain/self-test.ts';

export interface SelfTestActivityDeps {
  /** A fresh unit of work per call. */
  selfTestRuns: () => SelfTestRunStore;
}

export function createSelfTestActivities(deps: SelfTestActivityDeps) {
  return {
    /** Marks the run completed by this worker; running it twice leaves the same row. */
    async completeSelfTestRun(input: SelfTestInput): Promise<void> {
      const found = await deps.selfTestRuns().complete(input.organizationId, input.runId, `${process.pid}@${hostname()}`);
      // Retried until the run's row is there to complete.
      if (!found) throw new Error(`self-test run ${input.runId} not found`);
    },
  };
}
