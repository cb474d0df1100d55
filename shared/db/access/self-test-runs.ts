import type { EntityManager } from '@mikro-orm/postgresql';
import type { SelfTestStatus } from '../../domain/self-test.ts';
import { SelfTestRunEntity, type SelfTestRun } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';

/** A pipeline self-test run as stored. */
export interface SelfTestRunRecord {
  id: string;
  status: SelfTestStatus;
  workflowId: string;
  workerIdentity: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

/** Every read and write is confined to the organization given. */
export interface SelfTestRunStore {
  /** A `queued` run; its workflow id is derived from the new run's id. */
  insert(organizationId: string, fields: { requestedBy: string; workflowId: (runId: string) => string }): Promise<SelfTestRunRecord>;
  find(organizationId: string, id: string): Promise<SelfTestRunRecord | undefined>;
  /** Marks the run completed by `workerIdentity`; a run already completed keeps what it has. False when there is no such run. */
  complete(organizationId: string, id: string, workerIdentity: string): Promise<boolean>;
}

const record = (run: SelfTestRun): SelfTestRunRecord => ({
  id: run.id,
  status: run.status,
  workflowId: run.workflowId,
  workerIdentity: run.workerIdentity ?? null,
  createdAt: run.createdAt,
  completedAt: run.completedAt ?? null,
});

/** The organization's self-test runs (`self_test_runs`). */
export function createSelfTestRunStore(em: EntityManager): SelfTestRunStore {
  return {
    async insert(organizationId, fields) {
      const run = em.create(SelfTestRunEntity, {
        organization: organizationId,
        requestedBy: fields.requestedBy,
        status: 'queued',
        workflowId: '',
      });
      run.workflowId = fields.workflowId(run.id);
      await em.flush();
      return record(run);
    },

    async find(organizationId, id) {
      const run = await em.findOne(SelfTestRunEntity, { id, organization: organizationId }, unscoped);
      return run ? record(run) : undefined;
    },

    async complete(organizationId, id, workerIdentity) {
      const run = await em.findOne(SelfTestRunEntity, { id, organization: organizationId }, unscoped);
      if (!run) return false;
      if (run.status === 'completed') return true;
      run.status = 'completed';
      run.completedAt = new Date();
      run.workerIdentity = workerIdentity;
      await em.flush();
      return true;
    },
  };
}
