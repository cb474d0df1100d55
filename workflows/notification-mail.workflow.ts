import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { NotificationMailInput } from '../activities/notification-mail.ts';
import { notificationMailActivityOptions } from './activity-options.ts';

const { sendNotificationMail } = proxyActivities<Activities>(notificationMailActivityOptions);

/**
 * One notification email, keyed `notification-mail:<event>:<user>`: the outbox relay starts it in
 * its batch (again after a crash, refused as a duplicate), and the send, outside that transaction,
 * is retried here until the mail server takes it.
 */
export async function notificationMailWorkflow(input: NotificationMailInput): Promise<{ status: 'sent' | 'skipped' }> {
  return sendNotificationMail(input);
}
