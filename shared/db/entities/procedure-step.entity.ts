import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { StepType } from '../../domain/procedure.ts';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';
import { ProcedureEntity } from './procedure.entity.ts';

/** One ordered step of a procedure; `config` was validated against `type` (shared/domain/procedure.ts). */
export const ProcedureStepEntity = defineEntity({
  name: 'ProcedureStep',
  tableName: 'procedure_steps',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(OrganizationEntity),
    procedure: () => p.manyToOne(ProcedureEntity).index().deleteRule('cascade'),
    position: p.integer(),
    name: p.string().length(200),
    description: p.text().nullable(),
    type: p.string().length(16).$type<StepType>(),
    config: p.json<Record<string, unknown>>().default('{}'),
  },
});

export type ProcedureStep = InferEntity<typeof ProcedureStepEntity>;
