import type { AuditEventFields, AuditEventFilter, AuditEventRecord, AuditEventStore } from '../../shared/db/access/audit-events.ts';
import type { AuthContext } from '../auth-context.ts';
import type { AdminAuditEventView, AuditEventView } from '../schemas/audit.schemas.ts';

/** What the audit guard records for one successful mutating request. */
export interface AuditEventInput extends AuditEventFields {
  organizationId: string;
}

export type AuditQuery = AuditEventFilter;

const view = (event: AuditEventRecord): AuditEventView => ({
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

export type AuditService = ReturnType<typeof createAuditService>;

/** The audit log: written by the audit guard after each mutation, read by /audit and /admin/audit. */
export function createAuditService(deps: { auditEvents: () => AuditEventStore }) {
  return {
    /** One insert, outside the request's unit of work, so it never flushes anything else. */
    async record(input: AuditEventInput): Promise<void> {
      const { organizationId, ...event } = input;
      await deps.auditEvents().insert(organizationId, event);
    },

    async list(auth: AuthContext, query: AuditQuery): Promise<{ items: AuditEventView[]; total: number }> {
      const { items, total } = await deps.auditEvents().page(auth.organizationId, query);
      return { items: items.map(view), total };
    },

    /** Same events with who the actors are; an actor removed since keeps only its ids. */
    async listDetailed(auth: AuthContext, query: AuditQuery): Promise<{ items: AdminAuditEventView[]; total: number }> {
      const store = deps.auditEvents();
      const { items: events, total } = await store.page(auth.organizationId, query);
      const userIds = [...new Set(events.map((event) => event.actorUserId).filter((id): id is string => !!id))];
      const apiKeyIds = [...new Set(events.map((event) => event.actorApiKeyId).filter((id): id is string => !!id))];
      const { users: usersById, apiKeys: keysById } = await store.actors(auth.organizationId, { userIds, apiKeyIds });
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
