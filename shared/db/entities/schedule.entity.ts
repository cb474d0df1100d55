import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { StoredLayer } from '../../domain/schedule-definition.ts';
import type { ImportedEvent } from '../../domain/schedule-ical-import.ts';
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
    /** The owning team; null: the organization's. */
    teamId: p.uuid().nullable(),
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

/**
 * The external calendar of one `ical` layer, keyed by the layer's id: its URL (sealed: calendar
 * URLs carry secret tokens), the events its last successful fetch imported, and how fetches went.
 */
export const ScheduleIcalFeedEntity = defineEntity({
  name: 'ScheduleIcalFeed',
  tableName: 'schedule_ical_feeds',
  filters: tenantFilter(),
  properties: {
    id: p.uuid().primary(),
    organization: () => p.manyToOne(OrganizationEntity),
    schedule: () => p.manyToOne(ScheduleEntity).deleteRule('cascade').index(),
    urlSealed: p.text(),
    urlHint: p.string().length(300).nullable(),
    events: p.json<ImportedEvent[]>().default('[]'),
    eventCount: p.integer().default(0),
    unmatchedCount: p.integer().default(0),
    lastFetchedAt: p.datetime().nullable(),
    lastSucceededAt: p.datetime().nullable(),
    lastError: p.string().length(300).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type ScheduleIcalFeed = InferEntity<typeof ScheduleIcalFeedEntity>;

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
