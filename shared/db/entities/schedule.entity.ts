import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { StoredLayer } from '../../domain/schedule-definition.ts';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

/**
 * An on-call schedule. Its layers are one ordered JSON document, validated on write and always
 * replaced whole; overrides, which people add and remove one by one, have their own table.
 */
export const ScheduleEntity = defineEntity({
  name: 'Schedule',
  tableName: 'schedules',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(OrganizationEntity).index(),
    name: p.string().length(200),
    description: p.text().nullable(),
    timeZone: p.string().length(64),
    layers: p.json<StoredLayer[]>().default('[]'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type Schedule = InferEntity<typeof ScheduleEntity>;

/** One user on call over `[startAt, endAt)`, above every layer of the schedule. */
export const ScheduleOverrideEntity = defineEntity({
  name: 'ScheduleOverride',
  tableName: 'schedule_overrides',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(OrganizationEntity),
    schedule: () => p.manyToOne(ScheduleEntity).deleteRule('cascade'),
    userId: p.uuid(),
    startAt: p.datetime(),
    endAt: p.datetime(),
    createdBy: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type ScheduleOverride = InferEntity<typeof ScheduleOverrideEntity>;

/** A member's personal calendar feed: its secret is in the URL, only its SHA-256 is stored. */
export const CalendarFeedEntity = defineEntity({
  name: 'CalendarFeed',
  tableName: 'calendar_feeds',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(OrganizationEntity),
    userId: p.uuid().unique(),
    tokenHash: p.string().length(64).unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type CalendarFeed = InferEntity<typeof CalendarFeedEntity>;
