import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/client';
import type { ChatMessageStore } from '../../shared/db/access/chat-messages.ts';
import { isAssistantMention, type AssistantReplyInput, type ChatMessageView } from '../../shared/domain/chat.ts';
import { AppError, NotFoundError, RateLimitedError, ServiceUnavailableError } from '../../shared/errors.ts';
import type { Logger } from '../../shared/logger.ts';
import type { TemporalClient } from '../../shared/temporal/client.ts';
import { workflowIds, workflowSearchAttributes } from '../../shared/temporal/ids.ts';
import type { assistantReplyWorkflow } from '../../workflows/assistant-reply.workflow.ts';
import type { AuthContext } from '../auth-context.ts';

export type ChatService = ReturnType<typeof createChatService>;

/**
 * Incident chat: messages are stored with a timeline entry and a `chat.message` event in one
 * statement; a message starting with `@assistant` also starts the reply workflow (when an
 * assistant is configured), keyed by the message so it answers once. Questions to the assistant
 * count against the organization's hourly quota (the operator pays for the model).
 */
export function createChatService(deps: {
  messages: () => ChatMessageStore;
  temporal: TemporalClient;
  assistantConfigured: boolean;
  /** `@assistant` questions an organization may ask per clock hour. */
  assistantRequestsPerHour: number;
  logger: Logger;
}) {
  return {
    /** The incident's messages, oldest first. */
    async list(
      auth: AuthContext,
      incidentId: string,
      page: { limit: number; offset: number },
    ): Promise<{ items: ChatMessageView[]; total: number }> {
      const found = await deps.messages().page(auth.organizationId, incidentId, page);
      if (!found) throw new NotFoundError('Incident');
      return found;
    },

    /** Posts the caller's message; an `@assistant` message without a configured assistant is refused, nothing stored. */
    async post(auth: AuthContext, incidentId: string, body: string): Promise<ChatMessageView> {
      const asksAssistant = isAssistantMention(body);
      if (asksAssistant && !deps.assistantConfigured) {
        throw new AppError(
          'ASSISTANT_NOT_CONFIGURED',
          'The assistant is not configured on this instance (ASSISTANT_URL); post without the @assistant mention',
        );
      }
      // One transaction: a question refused (or for no incident) neither is stored nor uses the quota.
      const message = await deps.messages().transaction(async (store) => {
        if (asksAssistant) {
          if (!(await store.reserveAssistantQuestion(auth.organizationId, deps.assistantRequestsPerHour))) {
            const now = new Date();
            const nextHour = Math.ceil((3_600_000 - (now.getTime() % 3_600_000)) / 1000);
            throw new RateLimitedError(
              nextHour,
              `Your organization has asked the assistant ${deps.assistantRequestsPerHour} times this hour, the most allowed; ask again after the hour turns`,
            );
          }
        }
        const inserted = await store.insert(auth.organizationId, {
          incidentId,
          authorId: auth.userId,
          authorKind: 'user',
          body,
        });
        if (!inserted) throw new NotFoundError('Incident');
        return inserted;
      });
      if (asksAssistant) {
        const input: AssistantReplyInput = { organizationId: auth.organizationId, incidentId, messageId: message.id };
        try {
          await deps.temporal.client.workflow.start<typeof assistantReplyWorkflow>('assistantReplyWorkflow', {
            taskQueue: deps.temporal.taskQueue,
            workflowId: workflowIds.assistantReply(message.id),
            args: [input],
            workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
            typedSearchAttributes: workflowSearchAttributes({ organizationId: auth.organizationId, incidentId }),
          });
        } catch (error) {
          if (!(error instanceof WorkflowExecutionAlreadyStartedError)) {
            deps.logger.warn({ err: error, messageId: message.id }, 'assistant reply could not be started');
            throw new ServiceUnavailableError('The message is stored, but the assistant could not be asked; ask again later', {
              cause: error,
            });
          }
        }
      }
      return message;
    },
  };
}
