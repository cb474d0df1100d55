import { ApplicationFailure, Context } from '@temporalio/activity';
import type { AssistantReplyStore } from '../shared/db/access/assistant-replies.ts';
import {
  buildAssistantPrompt,
  readCompletionStream,
  type AssistantContext,
  type AssistantReplyInput,
  type ChatEventData,
  type PromptMessage,
} from '../shared/domain/chat.ts';
import type { RealtimeNotice } from '../shared/domain/realtime.ts';

export interface AssistantSettings {
  /** Base URL of an OpenAI-compatible API (`/chat/completions` is appended unless present). */
  url: string;
  model: string;
  apiKey?: string;
}

export interface AssistantActivityDeps {
  /** A fresh unit of work per call. */
  assistantReplies: () => AssistantReplyStore;
  /** Absent: no assistant configured (the API refuses `@assistant` messages then). */
  assistant?: AssistantSettings;
}

/** Partial answers are published at most this often: clients see it grow without a NOTIFY per token. */
const PARTIAL_INTERVAL_MS = 150;
/** NOTIFY carries at most 8000 bytes; longer partials are not sent (the stored answer follows anyway). */
const MAX_PARTIAL_BYTES = 6000;
const MAX_ANSWER_CHARS = 4000;
/** The most of a stream read, whatever it carries: an answer that never ends is cut, not held. */
export const MAX_STREAM_BYTES = 256 * 1024;
/** Ends an answer cut at MAX_ANSWER_CHARS or MAX_STREAM_BYTES, so nobody takes it for the whole. */
export const TRUNCATED_MARK = '\n\n[answer truncated]';

/** Reads what the assistant may know, every query scoped to the incident's own organization. */
async function loadContext(
  store: AssistantReplyStore,
  input: AssistantReplyInput,
): Promise<{ context: AssistantContext; question: string } | undefined> {
  const ref = { organizationId: input.organizationId, incidentId: input.incidentId };
  const incident = await store.incidentWithQuestion(ref, input.messageId);
  if (!incident || typeof incident.question !== 'string') return undefined;
  const { analysis, question, ...facts } = incident;
  const suggested = (((analysis ?? {}) as { suggested_procedures?: Array<{ id?: unknown }> }).suggested_procedures ?? [])
    .map((hit) => hit.id)
    .filter((id): id is string => typeof id === 'string')
    .slice(0, 3);
  const [alerts, runbooks, history] = await Promise.all([
    store.latestAlerts(ref, 20),
    store.procedureOutlines(input.organizationId, suggested),
    store.chatHistory(ref, input.messageId, 10),
  ]);
  return {
    question,
    context: {
      incident: facts,
      alerts,
      analysis: analysis ?? {},
      runbooks: runbooks.map((runbook) => ({ name: runbook.name, description: runbook.description, steps: runbook.steps ?? [] })),
      history,
    },
  };
}

/** The incident chat's assistant: prompt from the incident, streamed answer, stored reply. */
export function createAssistantActivities(deps: AssistantActivityDeps) {
  return {
    /** The chat-completions messages for a question; null when the incident or message is gone. */
    async buildAssistantPrompt(input: AssistantReplyInput): Promise<PromptMessage[] | null> {
      const loaded = await loadContext(deps.assistantReplies(), input);
      return loaded ? buildAssistantPrompt(loaded.context, loaded.question) : null;
    },

    /**
     * Asks the assistant with `stream: true` and publishes the answer so far as partial
     * `chat.message` events (NOTIFY straight to the API processes: partials are not durable);
     * returns the whole answer, or what arrived up to MAX_ANSWER_CHARS / MAX_STREAM_BYTES, marked
     * truncated. 4xx answers are final; anything else is retried by the workflow.
     */
    async streamAssistantAnswer(input: AssistantReplyInput & { replyId: string; messages: PromptMessage[] }): Promise<string> {
      const settings = deps.assistant;
      if (!settings) throw ApplicationFailure.nonRetryable('The assistant is not configured (ASSISTANT_URL)');
      const endpoint = /\/chat\/completions\/?$/.test(settings.url) ? settings.url : `${settings.url.replace(/\/$/, '')}/chat/completions`;
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: settings.model, messages: input.messages, stream: true }),
        signal: Context.current().cancellationSignal,
      });
      if (!response.ok || !response.body) {
        const failure = `The assistant answered HTTP ${response.status}`;
        if (response.status >= 400 && response.status < 500 && response.status !== 429) throw ApplicationFailure.nonRetryable(failure);
        throw new Error(failure);
      }
      const startedAt = new Date().toISOString();
      let answer = '';
      let pending = '';
      let publishedAt = 0;
      const publish = async () => {
        const data: ChatEventData = {
          message: {
            id: input.replyId,
            incident_id: input.incidentId,
            author_id: null,
            author_kind: 'assistant',
            body: answer,
            created_at: startedAt,
          },
          state: 'partial',
        };
        const notice: RealtimeNotice = {
          kind: 'event',
          id: input.replyId,
          type: 'chat.message',
          organization_id: input.organizationId,
          incident_id: input.incidentId,
          execution_id: null,
          timestamp: new Date().toISOString(),
          data: data as unknown as Record<string, unknown>,
        };
        const payload = JSON.stringify(notice);
        if (Buffer.byteLength(payload) > MAX_PARTIAL_BYTES) return;
        await deps.assistantReplies().publishPartial(payload);
        publishedAt = Date.now();
      };
      const decoder = new TextDecoder();
      let received = 0;
      let truncated = false;
      // Leaving the loop early cancels the stream: the connection closes and the model stops billing.
      for await (const chunk of response.body) {
        received += (chunk as Uint8Array).byteLength;
        const read = readCompletionStream(pending, decoder.decode(chunk as Uint8Array, { stream: true }));
        pending = read.rest;
        answer += read.deltas.join('');
        Context.current().heartbeat();
        if (read.deltas.length > 0 && Date.now() - publishedAt >= PARTIAL_INTERVAL_MS) await publish();
        if (read.done) break;
        if (answer.length > MAX_ANSWER_CHARS || received >= MAX_STREAM_BYTES) {
          truncated = true;
          break;
        }
      }
      if (!truncated) answer += readCompletionStream(pending, '\n\n').deltas.join('');
      answer = answer.trim();
      if (truncated || answer.length > MAX_ANSWER_CHARS)
        return `${answer.slice(0, MAX_ANSWER_CHARS - TRUNCATED_MARK.length).trimEnd()}${TRUNCATED_MARK}`.trimStart();
      return answer || 'The assistant gave no answer.';
    },

    /** Stores the reply (once per question: `reply_to_id` is unique) with its timeline entry and `chat.message` event. */
    async storeAssistantAnswer(input: AssistantReplyInput & { replyId: string; body: string }): Promise<void> {
      await deps
        .assistantReplies()
        .insertReply(
          { organizationId: input.organizationId, incidentId: input.incidentId },
          { id: input.replyId, body: input.body.slice(0, MAX_ANSWER_CHARS), replyToId: input.messageId },
        );
    },
  };
}
