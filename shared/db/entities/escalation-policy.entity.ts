import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { EscalationLevel } from '../../domain/escalation.ts';
import { uuidv7 } from '../../uuidv7.ts';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

/** Who is paged for an incident, level after level, until someone acknowledges. */
export const EscalationPolicyEntity = defineEntity({
  name: 'EscalationPolicy',
  tableName: 'escalation_policies',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => uuidv7()),
    organization: () => p.manyToOne(OrganizationEntity).index(),
    name: p.string().length(200),
    description: p.text().nullable(),
    levels: p.json<EscalationLevel[]>(),
    repeat: p.integer().default(0),
    /** Minutes an incident may stay acknowledged (`investigating`) before it pages again from level 1; null: for good. */
    ackTimeoutMinutes: p.double().$type<number>().runtimeType('number').nullable(),
    /** The organization's policy for integrations that name none; at most one (partial unique index). */
    isDefault: p.boolean().default(false),
    /** The owning team; null: the organization's. */
    teamId: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type EscalationPolicy = InferEntity<typeof EscalationPolicyEntity>;
