import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationSchema } from './organization.entity.ts';
import { ProcedureSchema } from './procedure.entity.ts';

/** One ordered step of a procedure; `config` was validated against `type` (shared/domain/procedure.ts). */
export const ProcedureStepSchema = defineEntity({
  name: 'ProcedureStep',
  tableName: 'procedure_steps',
  filters: tenantFilter(),
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    organization: () => p.manyToOne(OrganizationSchema),
    procedure: () => p.manyToOne(ProcedureSchema).index().deleteRule('cascade'),
    position: p.integer(),
    name: p.string().length(200),
    description: p.text().nullable(),
    type: p.string().length(16),
    config: p.json<Record<string, unknown>>().default('{}'),
  },
});

export type ProcedureStep = InferEntity<typeof ProcedureStepSchema>;
