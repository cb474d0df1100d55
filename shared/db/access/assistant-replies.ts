import type { EntityManager } from '@mikro-orm/postgresql';
import { chatHistory, incidentWithQuestion, latestAlerts, procedureOutlines, type IncidentRef } from './assistant-context.ts';
import { insertChatMessage } from './chat-messages.ts';
import { publishRealtimeNotice } from './realtime.ts';

/**
 * What the incident chat's assistant reads to answer a question, and where its answer goes. Every
 * read and write is confined to the organization given (the reference's).
 */
export interface AssistantReplyStore {
  /** The incident's facts and analysis with the question's body; undefined when either is not the organization's. */
  incidentWithQuestion(ref: IncidentRef, messageId: string): ReturnType<typeof incidentWithQuestion>;
  latestAlerts(ref: IncidentRef, limit: number): Promise<Array<Record<string, unknown>>>;
  procedureOutlines(organizationId: string, procedureIds: readonly string[]): ReturnType<typeof procedureOutlines>;
  chatHistory(ref: IncidentRef, beforeMessageId: string, limit: number): ReturnType<typeof chatHistory>;
  /** Sends a partial answer to the API processes (a NOTIFY; the notice names its organization and incident). */
  publishPartial(payload: string): Promise<void>;
  /** Stores the reply with its timeline entry and event; undefined when the incident is not the organization's or the question has its reply. */
  insertReply(ref: IncidentRef, reply: { id: string; body: string; replyToId: string }): Promise<unknown>;
}

export function createAssistantReplyStore(em: EntityManager): AssistantReplyStore {
  return {
    incidentWithQuestion: (ref, messageId) => incidentWithQuestion(em, ref, messageId),
    latestAlerts: (ref, limit) => latestAlerts(em, ref, limit),
    procedureOutlines: (organizationId, procedureIds) => procedureOutlines(em, organizationId, procedureIds),
    chatHistory: (ref, beforeMessageId, limit) => chatHistory(em, ref, beforeMessageId, limit),
    publishPartial: (payload) => publishRealtimeNotice(em, payload),
    insertReply: (ref, reply) =>
      insertChatMessage(em, {
        ...ref,
        id: reply.id,
        authorId: null,
        authorKind: 'assistant',
        body: reply.body,
        replyToId: reply.replyToId,
      }),
  };
}
