import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';
import { ScheduleEntity } from './schedule.entity.ts';

export type SwapRequestStatus = 'open' | 'accepted' | 'declined' | 'cancelled';

/**
 * A member's request for cover of their shift over `[startAt, endAt)`, open to anyone or to one
 * member (`targetUserId`); accepting it puts the acceptor on call there through an override.
 */
export const ScheduleSwapRequestEntity = defineEntity({
  name: 'ScheduleSwapRequest',
  tableName: 'schedule_swap_requests',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(OrganizationEntity),
    schedule: () => p.manyToOne(ScheduleEntity).deleteRule('cascade'),
    requesterId: p.uuid(),
    targetUserId: p.uuid().nullable(),
    startAt: p.datetime(),
    endAt: p.datetime(),
    message: p.string().length(1000).nullable(),
    status: p.string().length(16).$type<SwapRequestStatus>(),
    responderId: p.uuid().nullable(),
    overrideId: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type ScheduleSwapRequest = InferEntity<typeof ScheduleSwapRequestEntity>;
