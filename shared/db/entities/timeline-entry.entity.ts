import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { uuidv7 } from '../../uuidv7.ts';
import { tenantFilter } from '../tenant-filter.ts';
import { IncidentEntity } from './incident.entity.ts';
import { OrganizationEntity } from './organization.entity.ts';

export const TimelineEntryEntity = defineEntity({
  name: 'TimelineEntry',
  tableName: 'incident_timeline',
  filters: tenantFilter(),
  properties: {
    // Time-ordered ids: entries written in one transaction sort as written.
    id: p
      .uuid()
      .primary()
      .onCreate(() => uuidv7()),
    organization: () => p.manyToOne(OrganizationEntity),
    // A relation (not a bare id) so the unit of work inserts the incident before its entries.
    incident: () => p.manyToOne(IncidentEntity).index().deleteRule('cascade'),
    type: p.string().length(32),
    message: p.text(),
    actorId: p.uuid().nullable(),
    data: p.json<Record<string, unknown>>().default('{}'),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type TimelineEntry = InferEntity<typeof TimelineEntryEntity>;
