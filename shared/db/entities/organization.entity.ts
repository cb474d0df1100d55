import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { tenantFilter } from '../tenant-filter.ts';

export const OrganizationEntity = defineEntity({
  name: 'Organization',
  tableName: 'organizations',
  filters: tenantFilter('id'),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    name: p.string().length(200),
    plan: p.string().length(32).default('free'),
    settings: p.json<Record<string, unknown>>().default('{}'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type Organization = InferEntity<typeof OrganizationEntity>;
