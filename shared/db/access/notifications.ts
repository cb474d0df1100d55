import type { SqlEntityManager as EntityManager } from '@mikro-orm/postgresql';
import { uuidv7 } from '../../uuidv7.ts';
import { NotificationEntity, type Notification } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import { sqlArray } from '../sql-array.ts';

/** A notification not mailed yet, with its user's current address. */
export interface UnmailedNotification {
  id: string;
  type: string;
  data: Record<string, unknown>;
  incident_id: string | null;
  email: string;
}

/** The organization's notifications among `ids` not mailed yet whose user is still its member, in id order. */
export function unmailedNotifications(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<UnmailedNotification[]> {
  return em.execute<UnmailedNotification[]>(
    `select n.id, n.type, n.data, n.incident_id, u.email from notifications n
     join users u on u.id = n.user_id and u.organization_id = n.organization_id
     where n.id = any(?::uuid[]) and n.organization_id = ? and n.mailed_at is null
     order by n.id`,
    [sqlArray(ids), organizationId],
  );
}

/** Each organization's notification settings (as stored) and its members with their roles; one query. */
export async function organizationsWithMembers(
  em: EntityManager,
  organizationIds: readonly string[],
): Promise<Array<{ id: string; settings: unknown; members: Array<{ id: string; role: string }> }>> {
  if (organizationIds.length === 0) return [];
  return em.execute<Array<{ id: string; settings: unknown; members: Array<{ id: string; role: string }> }>>(
    `select o.id, o.settings,
       coalesce((select json_agg(json_build_object('id', u.id, 'role', u.role)) from users u where u.organization_id = o.id), '[]'::json) as members
     from organizations o where o.id = any(?::uuid[])`,
    [sqlArray(organizationIds)],
  );
}

/** For each event, the assignee in the snapshot of its incident's previous event (null when none). */
export async function previousAssignees(
  em: EntityManager,
  eventIds: readonly string[],
): Promise<Array<{ id: string; assignee: string | null }>> {
  if (eventIds.length === 0) return [];
  return em.execute<Array<{ id: string; assignee: string | null }>>(
    `select e.id, (select p.data->'incident'->>'assignee_id' from domain_events p
                   where p.incident_id = e.incident_id and p.id < e.id and p.organization_id = e.organization_id
                   order by p.id desc limit 1) as assignee
     from domain_events e where e.id = any(?::uuid[])`,
    [sqlArray(eventIds)],
  );
}

/** Which (user, execution, step) waits already have their `execution.waiting` notification. */
export async function notifiedExecutionWaits(
  em: EntityManager,
  waits: ReadonlyArray<{ user_id: string; execution_id: string | null; step_id: string }>,
): Promise<Array<{ user_id: string; execution_id: string; step_id: string }>> {
  if (waits.length === 0) return [];
  return em.execute<Array<{ user_id: string; execution_id: string; step_id: string }>>(
    `select x.user_id, x.execution_id, x.step_id from jsonb_to_recordset(?::jsonb) as x(user_id uuid, execution_id uuid, step_id text)
     where exists (select 1 from notifications n where n.user_id = x.user_id and n.type = 'execution.waiting'
                   and n.execution_id = x.execution_id and n.data->>'step_id' = x.step_id)`,
    [JSON.stringify(waits)],
  );
}

/** A notification to write for a member, from the domain event it came from. */
export interface NewNotification {
  eventId: string;
  organizationId: string;
  userId: string;
  type: string;
  title: string;
  body: string | null;
  data: Record<string, unknown>;
  incidentId: string | null;
  executionId: string | null;
}

/** A notification row as inserted (`returning`), for its notice and the event it came from. */
export interface InsertedNotification {
  id: string;
  event_id: string;
  user_id: string;
  type: string;
  title: string;
  body: string | null;
  data: Record<string, unknown>;
  incident_id: string | null;
  execution_id: string | null;
  read_at: string | null;
  created_at: string | Date;
}

/**
 * Inserts the notifications in one statement, in the order given, for users still members of
 * their organization; one that exists already (same event, user and type: a re-run batch) is
 * skipped and not returned.
 */
export async function insertNotifications(em: EntityManager, notifications: readonly NewNotification[]): Promise<InsertedNotification[]> {
  if (notifications.length === 0) return [];
  return em.execute<InsertedNotification[]>(
    `insert into notifications (id, organization_id, user_id, type, title, body, data, incident_id, execution_id, event_id, read_at, created_at)
     select d.id, d.organization_id, u.id, d.type, d.title, d.body, d.data, d.incident_id, d.execution_id, d.event_id, null, clock_timestamp()
     from jsonb_to_recordset(?::jsonb) as d(id uuid, organization_id uuid, user_id uuid, type text, title text, body text, data jsonb,
                                            incident_id uuid, execution_id uuid, event_id uuid, n int)
     join users u on u.id = d.user_id and u.organization_id = d.organization_id
     order by d.n
     on conflict (event_id, user_id, type) do nothing
     returning id, event_id, user_id, type, title, body, data, incident_id, execution_id, read_at, created_at`,
    [
      JSON.stringify(
        notifications.map((notification, n) => ({
          n,
          id: uuidv7(),
          organization_id: notification.organizationId,
          user_id: notification.userId,
          type: notification.type,
          title: notification.title,
          body: notification.body,
          data: notification.data,
          incident_id: notification.incidentId,
          execution_id: notification.executionId,
          event_id: notification.eventId,
        })),
      ),
    ],
  );
}

/** Every read and write is confined to the organization given. */
export interface NotificationStore {
  /**
   * Waits until the transaction that wrote these domain events of the organization has ended (a
   * key-share lock on them, which the outbox relay holds `for update` until it commits or rolls back).
   */
  awaitEventsSettled(organizationId: string, eventIds: readonly string[]): Promise<void>;
  /** The organization's notifications among `ids` not mailed yet whose user is still its member, in id order. */
  unmailed(organizationId: string, ids: readonly string[]): Promise<UnmailedNotification[]>;
  /** Marks the organization's notifications mailed (those not marked yet). */
  markMailed(organizationId: string, ids: readonly string[]): Promise<void>;
  /** A user's notifications, newest first; only the unread (or read) ones when `unread` says so. */
  listOfUser(
    organizationId: string,
    userId: string,
    query: { limit: number; offset: number; unread?: boolean },
  ): Promise<{ items: Notification[]; total: number }>;
  /** Marks a user's notification read (keeping when it first was) or unread; undefined when it is not theirs. */
  setRead(organizationId: string, userId: string, id: string, read: boolean): Promise<Notification | undefined>;
}

export function createNotificationStore(em: EntityManager): NotificationStore {
  return {
    async awaitEventsSettled(organizationId, eventIds) {
      await em.execute(
        `select count(*) from (select 1 from domain_events
           where id = any(?::uuid[]) and organization_id = ? for key share) as claimed`,
        [sqlArray(eventIds), organizationId],
      );
    },

    unmailed: (organizationId, ids) => unmailedNotifications(em, organizationId, ids),

    async markMailed(organizationId, ids) {
      await em.execute(
        `update notifications set mailed_at = now()
         where id = any(?::uuid[]) and organization_id = ? and mailed_at is null`,
        [sqlArray(ids), organizationId],
      );
    },

    async listOfUser(organizationId, userId, query) {
      const where = {
        organization: organizationId,
        userId,
        ...(query.unread === true ? { readAt: null } : query.unread === false ? { readAt: { $ne: null } } : {}),
      };
      const [items, total] = await em.findAndCount(NotificationEntity, where, {
        ...unscoped,
        orderBy: { createdAt: 'desc', id: 'desc' },
        limit: query.limit,
        offset: query.offset,
      });
      return { items, total };
    },

    async setRead(organizationId, userId, id, read) {
      const row = await em.findOne(NotificationEntity, { id, organization: organizationId, userId }, unscoped);
      if (!row) return undefined;
      if (read && !row.readAt) row.readAt = new Date();
      if (!read) row.readAt = null;
      await em.flush();
      return row;
    },
  };
}
