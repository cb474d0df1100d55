import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

/**
 * Mutes every alert of some integrations (or of the whole organization when `integrationIds` is
 * empty) from `startsAt` to `endsAt`, and, with an RRULE, at each recurrence of that span in
 * `timeZone`'s wall-clock time.
 */
export const MaintenanceWindowEntity = defineEntity({
  name: 'MaintenanceWindow',
  tableName: 'maintenance_windows',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(OrganizationEntity),
    description: p.text(),
    integrationIds: p.json<string[]>().default('[]'),
    startsAt: p.datetime(),
    endsAt: p.datetime(),
    rrule: p.text().nullable(),
    timeZone: p.string().length(64),
    createdById: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type MaintenanceWindow = InferEntity<typeof MaintenanceWindowEntity>;
