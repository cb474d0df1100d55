import { ActivityFailure, ApplicationFailure, proxyActivities, uuid4 } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { AssistantReplyInput } from '../shared/domain/chat.ts';
import { assistantActivityOptions, dbActivityOptions } from './activity-options.ts';

const { buildAssistantPrompt, storeAssistantAnswer } = proxyActivities<Activities>(dbActivityOptions);
const { streamAssistantAnswer } = proxyActivities<Activities>(assistantActivityOptions);

/**
 * Answers one `@assistant` chat message, keyed `assistant-reply:<message id>`: builds the prompt
 * from the incident, streams the answer (partials go out as they come), stores it as an
 * `assistant` message. When the assistant keeps failing, the chat says so instead of staying silent.
 */
export async function assistantReplyWorkflow(input: AssistantReplyInput): Promise<void> {
  const messages = await buildAssistantPrompt(input);
  if (!messages) return;
  // The reply's id is fixed before the first attempt: partials and the stored message share it.
  const replyId = uuid4();
  let body: string;
  try {
    body = await streamAssistantAnswer({ ...input, replyId, messages });
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    const reason = error.cause instanceof ApplicationFailure ? error.cause.message : error.message;
    body = `The assistant could not answer: ${reason}`;
  }
  await storeAssistantAnswer({ ...input, replyId, body });
}
