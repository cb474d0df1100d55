import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { SelfTestStatus } from '../../domain/self-test.ts';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

/**
 * One end-to-end check of the processing pipeline: the API stores it as `queued` and starts a
 * workflow; a worker's activity marks it `completed`. It proves a worker is really polling.
 */
export const SelfTestRunEntity = defineEntity({
  name: 'SelfTestRun',
  tableName: 'self_test_runs',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(OrganizationEntity).index(),
    requestedBy: p.uuid(),
    status: p.string().length(16).$type<SelfTestStatus>(),
    workflowId: p.string().length(200),
    workerIdentity: p.string().length(200).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    completedAt: p.datetime().nullable(),
  },
});

export type SelfTestRun = InferEntity<typeof SelfTestRunEntity>;
