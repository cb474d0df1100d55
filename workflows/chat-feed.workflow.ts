import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { chatFeedActivityOptions } from './activity-options.ts';

const { postChatFeedUpdates } = proxyActivities<Activities>(chatFeedActivityOptions);

/**
 * One relay batch's updates of one incident to one organization chat feed, keyed
 * `chat-feed:<feed>:<first event>`: the outbox relay starts it in the batch's transaction, the
 * posts are retried here until the chat takes them (each posted once).
 */
export async function chatFeedWorkflow(input: Parameters<Activities['postChatFeedUpdates']>[0]): Promise<{ posted: number }> {
  return postChatFeedUpdates(input);
}
