import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { StepStatus, StepType } from '../../domain/procedure.ts';
import { tenantFilter } from '../tenant-filter.ts';
import { ExecutionEntity } from './execution.entity.ts';
import { OrganizationEntity } from './organization.entity.ts';

/** The recorded outcome of one step of one execution; only the execution's activity writes it. */
export const ExecutionStepEntity = defineEntity({
  name: 'ExecutionStep',
  tableName: 'execution_steps',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(OrganizationEntity),
    execution: () => p.manyToOne(ExecutionEntity).index().deleteRule('cascade'),
    /** The step's id in the execution's definition snapshot. */
    stepId: p.uuid(),
    position: p.integer(),
    name: p.string().length(200),
    type: p.string().length(16).$type<StepType>(),
    status: p.string().length(16).$type<StepStatus>(),
    output: p.json<unknown>().nullable(),
    notes: p.text().nullable(),
    actorId: p.uuid().nullable(),
    startedAt: p.datetime().nullable(),
    completedAt: p.datetime().nullable(),
  },
});

export type ExecutionStep = InferEntity<typeof ExecutionStepEntity>;
