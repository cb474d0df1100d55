import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { chatFeedActivityOptions } from './activity-options.ts';

const { postChatFeedUpdates, releaseChatFeedUpdates } = proxyActivities<Activities>(chatFeedActivityOptions);

/**
 * One relay batch's updates of one incident to one organization chat feed, keyed
 * `chat-feed:<feed>:<first event>`: the outbox relay starts it in the batch's transaction, with the
 * updates recorded pending; the posts are retried here until the chat takes them (each posted once,
 * after the thread's earlier updates). Given up, its updates stop holding the thread's later ones.
 */
export async function chatFeedWorkflow(input: Parameters<Activities['postChatFeedUpdates']>[0]): Promise<{ posted: number }> {
  try {
    return await postChatFeedUpdates(input);
  } catch (error) {
    await releaseChatFeedUpdates({
      organizationId: input.organizationId,
      feedId: input.feedId,
      eventIds: input.updates.map((update) => update.eventId),
    });
    throw error;
  }
}
