import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { uuidv7 } from '../../uuidv7.ts';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

/**
 * A message for one user, made by the outbox relay from a domain event. Unique per source event,
 * user and type: relaying an event twice (after a crash) does not notify twice.
 */
export const NotificationEntity = defineEntity({
  name: 'Notification',
  tableName: 'notifications',
  filters: tenantFilter(),
  uniques: [{ name: 'notifications_event_user_type_unique', properties: ['eventId', 'userId', 'type'] }],
  indexes: [{ name: 'notifications_user_created_index', properties: ['userId', 'createdAt'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => uuidv7()),
    organization: () => p.manyToOne(OrganizationEntity),
    userId: p.uuid(),
    /** `incident.assigned`, `incident.created`, `incident.resolved`, `execution.waiting`. */
    type: p.string().length(64),
    title: p.string().length(500),
    body: p.text().nullable(),
    data: p.json<Record<string, unknown>>(),
    incidentId: p.uuid().nullable(),
    executionId: p.uuid().nullable(),
    eventId: p.uuid(),
    readAt: p.datetime().nullable(),
    /** Set once the notification's email went out (only incident notifications of organizations with `notifications.email`). */
    mailedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type Notification = InferEntity<typeof NotificationEntity>;
