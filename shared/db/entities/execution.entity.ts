import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ExecutionStatus } from '../../domain/procedure.ts';
import type { ProcedureSnapshot } from '../../domain/procedure.ts';
import type { Priority } from '../../domain/priority.ts';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

/**
 * One run of a procedure. `definition` is the procedure as it was when the run started; the
 * procedure id is a plain column (no foreign key) so history outlives a deleted procedure.
 */
export const ExecutionEntity = defineEntity({
  name: 'Execution',
  tableName: 'executions',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(OrganizationEntity).index(),
    procedureId: p.uuid().index(),
    procedureVersion: p.integer(),
    incidentId: p.uuid().nullable().index(),
    status: p.string().length(16).$type<ExecutionStatus>(),
    definition: p.json<ProcedureSnapshot>(),
    parameters: p.json<Record<string, unknown>>().default('{}'),
    workflowId: p.string().length(200),
    /** The last progress record applied: a retried activity whose write committed does not write twice. */
    progressSeq: p.integer().default(0),
    startedBy: p.uuid().nullable(),
    /** Set on a run a routing rule started when the incident opened (at most one per incident). */
    routingRuleId: p.uuid().nullable(),
    /** Set on a run its incident's priority started (the organization's runbook for that priority). */
    remediationPriority: p.string().length(2).$type<Priority>().nullable(),
    startedAt: p.datetime().onCreate(() => new Date()),
    completedAt: p.datetime().nullable(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type Execution = InferEntity<typeof ExecutionEntity>;
