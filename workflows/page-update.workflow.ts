import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { pageUpdateActivityOptions } from './activity-options.ts';

const { updatePageMessages } = proxyActivities<Activities>(pageUpdateActivityOptions);

/**
 * Updates an incident's sent page messages after one change (an acknowledgement, a resolution, an
 * escalation, a reopening), keyed `page-updates:<event>`: the outbox relay starts it in the batch
 * that carried the event, and the calls, outside that transaction, are retried here. Nothing
 * waits for it: paging and the incident go on whether it succeeds or not.
 */
export async function pageUpdatesWorkflow(
  request: Parameters<Activities['updatePageMessages']>[0],
): Promise<{ updated: number; superseded: boolean }> {
  return updatePageMessages(request);
}
