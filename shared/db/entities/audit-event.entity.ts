import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

/**
 * One successful mutating request: who (user, API key), what (operation, method, path template,
 * target), from where (IP, request id) and when. Rows are append-only; actor ids are plain uuids,
 * not foreign keys, so removing a user keeps the history.
 */
export const AuditEventEntity = defineEntity({
  name: 'AuditEvent',
  tableName: 'audit_events',
  filters: tenantFilter(),
  indexes: [{ name: 'audit_events_organization_created_index', properties: ['organization', 'createdAt'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(OrganizationEntity),
    /** `<resource>.<verb>`, e.g. `users.update`, `auth.login`. */
    eventType: p.string().length(64),
    /** The route's operationId, e.g. `updateUser`. */
    action: p.string().length(100),
    method: p.string().length(8),
    path: p.string().length(300),
    targetType: p.string().length(64).nullable(),
    targetId: p.string().length(128).nullable(),
    actorType: p.string().length(16),
    actorUserId: p.uuid().nullable(),
    actorApiKeyId: p.uuid().nullable(),
    ip: p.string().length(64).nullable(),
    userAgent: p.string().length(500).nullable(),
    requestId: p.string().length(128),
    statusCode: p.integer(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type AuditEvent = InferEntity<typeof AuditEventEntity>;
