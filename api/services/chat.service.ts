import type { EntityManager } from '@mikro-orm/postgresql';
import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/client';
import { chatMessageView, insertChatMessage } from '../../shared/db/data/chat-messages.ts';
import { isAssistantMention, type AssistantReplyInput, type ChatMessageView } from '../../shared/domain/chat.ts';
import { AppError, NotFoundError, RateLimitedError, ServiceUnavailableError } from '../../shared/errors.ts';
import type { Logger } from '../../shared/logger.ts';
import type { TemporalClient } from '../../shared/temporal/client.ts';
import { workflowIds, workflowSearchAttributes } from '../../shared/temporal/ids.ts';
import type { assistantReplyWorkflow } from '../../workflows/assistant-reply.workflow.ts';
import type { AuthContext } from '../auth-context.ts';

export type ChatService = ReturnType<typeof createChatService>;

// Counts one question in the organization's current clock hour unless it is full; no row back: full.
const RESERVE_QUESTION_SQL = `insert into assistant_quota (organization_id, window_start, used) values (?, date_trunc('hour', now()), 1)
  on conflict (organization_id) do update set
    used = case when assistant_quota.window_start = excluded.window_start then assistant_quota.used + 1 else 1 end,
    window_start = excluded.window_start
  where assistant_quota.window_start <> excluded.window_start or assistant_quota.used < ?
  returning used`;

/**
 * Incident chat: messages are stored with a timeline entry and a `chat.message` event in one
 * statement; a message starting with `@assistant` also starts the reply workflow (when an
 * assistant is configured), keyed by the message so it answers once. Questions to the assistant
 * count against the organization's hourly quota (the operator pays for the model).
 */
export function createChatService(deps: {
  em: () => EntityManager;
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
      const rows = await deps.em().execute<Array<Parameters<typeof chatMessageView>[0] & { total: string | number | null }>>(
        `select i.id as incident, m.id, m.incident_id, m.author_id, m.author_kind, m.body, m.created_at,
           (select count(*) from incident_messages c where c.incident_id = i.id and c.organization_id = i.organization_id) as total
         from incidents i left join lateral (
           select * from incident_messages m where m.incident_id = i.id and m.organization_id = i.organization_id order by m.id limit ? offset ?
         ) m on true
         where i.id = ? and i.organization_id = ?`,
        [page.limit, page.offset, incidentId, auth.organizationId],
      );
      if (rows.length === 0) throw new NotFoundError('Incident');
      return { items: rows.filter((row) => row.id !== null).map(chatMessageView), total: Number(rows[0]?.total ?? 0) };
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
      const message = await deps.em().transactional(async (tx) => {
        if (asksAssistant) {
          const reserved = await tx.execute<unknown[]>(RESERVE_QUESTION_SQL, [auth.organizationId, deps.assistantRequestsPerHour]);
          if (reserved.length === 0) {
            const now = new Date();
            const nextHour = Math.ceil((3_600_000 - (now.getTime() % 3_600_000)) / 1000);
            throw new RateLimitedError(
              nextHour,
              `Your organization has asked the assistant ${deps.assistantRequestsPerHour} times this hour, the most allowed; ask again after the hour turns`,
            );
          }
        }
        const inserted = await insertChatMessage(tx, {
          organizationId: auth.organizationId,
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
