import { z } from 'zod';
import { list, PaginationQuery, single, timestamp } from './common.ts';

export const NotificationSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(['incident.assigned', 'incident.created', 'incident.resolved', 'execution.waiting']),
    title: z.string(),
    body: z.string().nullable(),
    data: z.record(z.string(), z.unknown()),
    incident_id: z.uuid().nullable(),
    execution_id: z.uuid().nullable(),
    read: z.boolean(),
    read_at: timestamp().nullable(),
    created_at: timestamp(),
  })
  .meta({ id: 'Notification' });

export const NotificationListQuery = PaginationQuery.extend({
  unread: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .describe('true: only unread notifications'),
});

export const UpdateNotificationBody = z.object({ read: z.boolean().describe('true marks read, false unread again') });

/** What the services return: the response schemas are the contract, these types follow them. */
export type NotificationView = z.output<typeof NotificationSchema>;

export const NotificationResponse = single(NotificationSchema);
export const NotificationListResponse = list(NotificationSchema);
