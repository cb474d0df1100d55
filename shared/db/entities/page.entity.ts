import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { uuidv7 } from '../../uuidv7.ts';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

/**
 * One page of an escalation: written by the paging activity before it sends, unique per
 * (incident, round, level, user, method), so a retried activity never pages twice.
 */
export const PageEntity = defineEntity({
  name: 'Page',
  tableName: 'pages',
  filters: tenantFilter(),
  uniques: [{ name: 'pages_incident_round_level_user_method_unique', properties: ['incidentId', 'round', 'level', 'userId', 'method'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => uuidv7()),
    organization: () => p.manyToOne(OrganizationEntity).index(),
    incidentId: p.uuid(),
    policyId: p.uuid().nullable(),
    round: p.integer(),
    level: p.integer(),
    userId: p.uuid(),
    /** `email`. */
    method: p.string().length(32),
    /** `sending` while the send is under way, then `sent` or `failed`. */
    status: p.string().length(16),
    error: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type Page = InferEntity<typeof PageEntity>;
