import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { notificationMailActivityOptions } from './activity-options.ts';

const { sendNotificationMails } = proxyActivities<Activities>(notificationMailActivityOptions);

/**
 * The emails of up to MAIL_BATCH_SIZE (worker/outbox/notification-mails.ts) notifications of one organization, keyed
 * `notification-mail:<first notification>:<count>`: the outbox relay starts it in the batch that
 * inserted them, and the sends, outside that transaction, are retried here until the mail server
 * takes them.
 */
export async function notificationMailBatchWorkflow(
  batch: Parameters<Activities['sendNotificationMails']>[0],
): Promise<{ sent: number; skipped: number }> {
  return sendNotificationMails(batch);
}
