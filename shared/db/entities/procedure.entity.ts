import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

/** A runbook; its steps live in `procedure_steps`. `version` counts definition changes. */
export const ProcedureEntity = defineEntity({
  name: 'Procedure',
  tableName: 'procedures',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(OrganizationEntity).index(),
    name: p.string().length(200),
    description: p.text().nullable(),
    tags: p.json<string[]>().default('[]'),
    version: p.integer().default(1),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type Procedure = InferEntity<typeof ProcedureEntity>;
