import { randomUUID } from 'node:crypto';
import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { ApiKeyEntity, AuditEventEntity, UserEntity, type AuditEvent } from '../../shared/db/entities/index.ts';
import type { AuthContext } from '../auth-context.ts';
import type { AdminAuditEventView, AuditEventView } from '../schemas/audit.schemas.ts';

/** What the audit guard records for one successful mutating request. */
export interface AuditEventInput {
  organizationId: string;
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

export interface AuditQuery {
  event_type?: string;
  action?: string;
  actor_id?: string;
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

const view = (event: AuditEvent): AuditEventView => ({
  id: event.id,
  event_type: event.eventType,
  action: event.action,
  method: event.method,
  path: event.path,
  target_type: event.targetType ?? null,
  target_id: event.targetId ?? null,
  actor: {
    type: event.actorType as AuditEventView['actor']['type'],
    user_id: event.actorUserId ?? null,
    api_key_id: event.actorApiKeyId ?? null,
  },
  ip: event.ip ?? null,
  request_id: event.requestId,
  status_code: event.statusCode,
  created_at: event.createdAt.toISOString(),
});

function where(query: AuditQuery): FilterQuery<AuditEvent> {
  const conditions: FilterQuery<AuditEvent>[] = [];
  // `users` matches every `users.*` event; `users.update` matches exactly.
  if (query.event_type)
    conditions.push({
      eventType: query.event_type.includes('.') ? query.event_type : { $like: `${query.event_type.replaceAll('_', '\\_')}.%` },
    });
  if (query.action) conditions.push({ action: query.action });
  if (query.actor_id) conditions.push({ $or: [{ actorUserId: query.actor_id }, { actorApiKeyId: query.actor_id }] });
  if (query.from) conditions.push({ createdAt: { $gte: new Date(query.from) } });
  if (query.to) conditions.push({ createdAt: { $lte: new Date(query.to) } });
  return conditions.length ? { $and: conditions } : {};
}

export type AuditService = ReturnType<typeof createAuditService>;

/** The audit log: written by the audit guard after each mutation, read by /audit and /admin/audit. */
export function createAuditService(deps: { em: () => EntityManager }) {
  async function page(query: AuditQuery) {
    // The tenant filter scopes this to the caller's organization.
    const [events, total] = await deps.em().findAndCount(AuditEventEntity, where(query), {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: query.limit,
      offset: query.offset,
    });
    return { events, total };
  }

  return {
    /** One insert, outside the request's unit of work, so it never flushes anything else. */
    async record(input: AuditEventInput): Promise<void> {
      const { organizationId, ...event } = input;
      // A native insert skips the entity's onCreate hooks: id and time are set here.
      await deps.em().insert(AuditEventEntity, { ...event, id: randomUUID(), organization: organizationId, createdAt: new Date() });
    },

    async list(_auth: AuthContext, query: AuditQuery): Promise<{ items: AuditEventView[]; total: number }> {
      const { events, total } = await page(query);
      return { items: events.map(view), total };
    },

    /** Same events with who the actors are; an actor removed since keeps only its ids. */
    async listDetailed(_auth: AuthContext, query: AuditQuery): Promise<{ items: AdminAuditEventView[]; total: number }> {
      const em = deps.em();
      const { events, total } = await page(query);
      const userIds = [...new Set(events.map((event) => event.actorUserId).filter((id): id is string => !!id))];
      const keyIds = [...new Set(events.map((event) => event.actorApiKeyId).filter((id): id is string => !!id))];
      const [users, keys] = await Promise.all([
        userIds.length ? em.find(UserEntity, { id: { $in: userIds } }) : [],
        keyIds.length ? em.find(ApiKeyEntity, { id: { $in: keyIds } }) : [],
      ]);
      const usersById = new Map(users.map((user) => [user.id, user]));
      const keysById = new Map(keys.map((key) => [key.id, key]));
      const items = events.map((event): AdminAuditEventView => {
        const base = view(event);
        const user = event.actorUserId ? usersById.get(event.actorUserId) : undefined;
        const key = event.actorApiKeyId ? keysById.get(event.actorApiKeyId) : undefined;
        return {
          ...base,
          actor: { ...base.actor, email: user?.email ?? null, name: user?.name ?? null, api_key_name: key?.name ?? null },
          user_agent: event.userAgent ?? null,
        };
      });
      return { items, total };
    },
  };
}
