import { randomUUID } from 'node:crypto';
import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiKeyEntity, AuditEventEntity, UserEntity, type AuditEvent } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';

/** One successful mutating request, as the audit guard records it. */
export interface AuditEventFields {
  eventType: string;
  action: string;
  method: string;
  path: string;
  targetType: string | null;
  targetId: string | null;
  actorType: 'user' | 'api_key';
  actorUserId: string | null;
  actorApiKeyId: string | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string;
  statusCode: number;
}

/** An audit event as stored. */
export interface AuditEventRecord extends Omit<AuditEventFields, 'actorType'> {
  id: string;
  actorType: string;
  createdAt: Date;
}

/** Which events a page holds: `event_type` without a dot matches every `<it>.*` event. */
export interface AuditEventFilter {
  event_type?: string;
  action?: string;
  actor_id?: string;
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

/** Every read and write is confined to the organization given. */
export interface AuditEventStore {
  insert(organizationId: string, event: AuditEventFields): Promise<void>;
  /** Newest first. */
  page(organizationId: string, filter: AuditEventFilter): Promise<{ items: AuditEventRecord[]; total: number }>;
  /** The organization's users and API keys among the ids, by id (an actor removed since is absent). */
  actors(
    organizationId: string,
    ids: { userIds: readonly string[]; apiKeyIds: readonly string[] },
  ): Promise<{ users: Map<string, { email: string; name: string }>; apiKeys: Map<string, { name: string }> }>;
}

function where(organizationId: string, filter: AuditEventFilter): FilterQuery<AuditEvent> {
  const conditions: FilterQuery<AuditEvent>[] = [{ organization: organizationId }];
  // `users` matches every `users.*` event; `users.update` matches exactly.
  if (filter.event_type)
    conditions.push({
      eventType: filter.event_type.includes('.') ? filter.event_type : { $like: `${filter.event_type.replaceAll('_', '\\_')}.%` },
    });
  if (filter.action) conditions.push({ action: filter.action });
  if (filter.actor_id) conditions.push({ $or: [{ actorUserId: filter.actor_id }, { actorApiKeyId: filter.actor_id }] });
  if (filter.from) conditions.push({ createdAt: { $gte: new Date(filter.from) } });
  if (filter.to) conditions.push({ createdAt: { $lte: new Date(filter.to) } });
  return { $and: conditions };
}

const record = (event: AuditEvent): AuditEventRecord => ({
  id: event.id,
  eventType: event.eventType,
  action: event.action,
  method: event.method,
  path: event.path,
  targetType: event.targetType ?? null,
  targetId: event.targetId ?? null,
  actorType: event.actorType,
  actorUserId: event.actorUserId ?? null,
  actorApiKeyId: event.actorApiKeyId ?? null,
  ip: event.ip ?? null,
  userAgent: event.userAgent ?? null,
  requestId: event.requestId,
  statusCode: event.statusCode,
  createdAt: event.createdAt,
});

/** The audit log (`audit_events`). */
export function createAuditEventStore(em: EntityManager): AuditEventStore {
  return {
    async insert(organizationId, event) {
      // A native insert skips the entity's onCreate hooks and flushes nothing else: id and time are set here.
      await em.insert(AuditEventEntity, { ...event, id: randomUUID(), organization: organizationId, createdAt: new Date() });
    },

    async page(organizationId, filter) {
      const [events, total] = await em.findAndCount(AuditEventEntity, where(organizationId, filter), {
        ...unscoped,
        orderBy: { createdAt: 'desc', id: 'desc' },
        limit: filter.limit,
        offset: filter.offset,
      });
      return { items: events.map(record), total };
    },

    async actors(organizationId, ids) {
      const [users, keys] = await Promise.all([
        ids.userIds.length ? em.find(UserEntity, { id: { $in: [...ids.userIds] }, organization: organizationId }, unscoped) : [],
        ids.apiKeyIds.length ? em.find(ApiKeyEntity, { id: { $in: [...ids.apiKeyIds] }, organization: organizationId }, unscoped) : [],
      ]);
      return {
        users: new Map(users.map((user) => [user.id, { email: user.email, name: user.name }])),
        apiKeys: new Map(keys.map((key) => [key.id, { name: key.name }])),
      };
    },
  };
}
