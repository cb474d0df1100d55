import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { uuidv7 } from '../../uuidv7.ts';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

/** The outbox: written with the change it describes, consumed by deliveries and real time. */
export const DomainEventEntity = defineEntity({
  name: 'DomainEvent',
  tableName: 'domain_events',
  filters: tenantFilter(),
  properties: {
    // Time-ordered ids: entries written in one transaction sort as written.
    id: p
      .uuid()
      .primary()
      .onCreate(() => uuidv7()),
    organization: () => p.manyToOne(OrganizationEntity),
    type: p.string().length(64),
    incidentId: p.uuid().nullable().index(),
    data: p.json<Record<string, unknown>>(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .index(),
    dispatchedAt: p.datetime().nullable(),
  },
});

export type DomainEvent = InferEntity<typeof DomainEventEntity>;
