import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Matcher } from '../../domain/matchers.ts';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

/**
 * Mutes the alerts its matchers select between `startsAt` and `endsAt`: they are stored, never
 * turned into incidents or pages. Expiring one early moves `endsAt` to now; rows are kept.
 */
export const SilenceEntity = defineEntity({
  name: 'Silence',
  tableName: 'silences',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(OrganizationEntity),
    matchers: p.json<Matcher[]>(),
    startsAt: p.datetime(),
    endsAt: p.datetime(),
    comment: p.text(),
    createdById: p.uuid().nullable(),
    updatedById: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type Silence = InferEntity<typeof SilenceEntity>;
