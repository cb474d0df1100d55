import type { NotificationStore } from '../../shared/db/access/notifications.ts';
import type { Notification } from '../../shared/db/entities/index.ts';
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
export function createNotificationService(deps: { notifications: () => NotificationStore }) {
  return {
    async list(auth: AuthContext, query: { limit: number; offset: number; unread?: boolean }) {
      const { items, total } = await deps.notifications().listOfUser(auth.organizationId, auth.userId, query);
      return { items: items.map(notificationView), total };
    },

    async update(auth: AuthContext, id: string, input: { read: boolean }) {
      const row = await deps.notifications().setRead(auth.organizationId, auth.userId, id, input.read);
      if (!row) throw new NotFoundError('Notification');
      return notificationView(row);
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
