import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Matcher } from '../../domain/matchers.ts';
import { uuidv7 } from '../../uuidv7.ts';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

/**
 * Alertmanager's inhibit rule: while an alert its source matchers select is firing, alerts its
 * target matchers select with the same values of the `equal` labels are stored as inhibited and
 * open nothing.
 */
export const InhibitionRuleEntity = defineEntity({
  name: 'InhibitionRule',
  tableName: 'inhibition_rules',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => uuidv7()),
    organization: () => p.manyToOne(OrganizationEntity),
    name: p.string().length(200),
    sourceMatchers: p.json<Matcher[]>(),
    targetMatchers: p.json<Matcher[]>(),
    equal: p.json<string[]>().default('[]'),
    enabled: p.boolean().default(true),
    createdById: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type InhibitionRule = InferEntity<typeof InhibitionRuleEntity>;
