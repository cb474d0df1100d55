import type { EntityManager } from '@mikro-orm/core';
import { NotificationEntity, type Notification } from '../../shared/db/entities/index.ts';
import { NotFoundError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { NotificationView } from '../schemas/notification.schemas.ts';

export const notificationView = (row: Notification): NotificationView => ({
  id: row.id,
  type: row.type as NotificationView['type'],
  title: row.title,
  body: row.body ?? null,
  data: row.data,
  incident_id: row.incidentId ?? null,
  execution_id: row.executionId ?? null,
  read: row.readAt != null,
  read_at: row.readAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/** The caller's own notifications; another user's (or another organization's) answer 404. */
export function createNotificationService(deps: { em: () => EntityManager }) {
  return {
    async list(auth: AuthContext, query: { limit: number; offset: number; unread?: boolean }) {
      const where = {
        userId: auth.userId,
        ...(query.unread === true ? { readAt: null } : query.unread === false ? { readAt: { $ne: null } } : {}),
      };
      const [rows, total] = await deps.em().findAndCount(NotificationEntity, where, {
        orderBy: { createdAt: 'desc', id: 'desc' },
        limit: query.limit,
        offset: query.offset,
      });
      return { items: rows.map(notificationView), total };
    },

    async update(auth: AuthContext, id: string, input: { read: boolean }) {
      const em = deps.em();
      const row = await em.findOne(NotificationEntity, { id, userId: auth.userId });
      if (!row) throw new NotFoundError('Notification');
      if (input.read && !row.readAt) row.readAt = new Date();
      if (!input.read) row.readAt = null;
      await em.flush();
      return notificationView(row);
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
