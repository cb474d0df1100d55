import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { notificationMailActivityOptions } from './activity-options.ts';

const { sendStatusUpdateMails } = proxyActivities<Activities>(notificationMailActivityOptions);

/**
 * The mails of one status update to its subscribers, keyed `status-update-mail:<update>`: the
 * outbox relay starts it from the update's event; sends are retried here until the server takes them.
 */
export async function statusUpdateMailWorkflow(input: Parameters<Activities['sendStatusUpdateMails']>[0]): Promise<{ sent: number }> {
  return sendStatusUpdateMails(input);
}
