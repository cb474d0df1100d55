import type { EntityManager } from '@mikro-orm/postgresql';
import { isoTimestamp } from '../sql-timestamp.ts';
import type { ChatMessageView } from '../../domain/chat.ts';
import { uuidv7 } from '../../uuidv7.ts';
import { runStatement } from './statement.ts';

// One statement: the message, its timeline entry and its `chat.message` outbox event (which the
// relay publishes to the organization's and the incident's WebSocket rooms), only when the
// incident belongs to the organization. A reply already stored (same `reply_to_id`) inserts nothing.
const INSERT_SQL = `with incident as (select id, organization_id from incidents where id = ? and organization_id = ?),
  message as (
    insert into incident_messages (id, organization_id, incident_id, author_id, author_kind, body, reply_to_id, created_at)
    select ?, i.organization_id, i.id, ?, ?, ?, ?, clock_timestamp() from incident i
    on conflict (reply_to_id) where reply_to_id is not null do nothing
    returning id, organization_id, incident_id, author_id, author_kind, body, created_at),
  entry as (
    insert into incident_timeline (id, organization_id, incident_id, type, message, actor_id, data, created_at)
    select ?, m.organization_id, m.incident_id, 'chat_message', ?, m.author_id, jsonb_build_object('message_id', m.id, 'author_kind', m.author_kind), m.created_at from message m),
  event as (
    insert into domain_events (id, organization_id, type, incident_id, data, created_at, dispatched_at)
    select ?, m.organization_id, 'chat.message', m.incident_id,
      jsonb_build_object('message', jsonb_build_object('id', m.id, 'incident_id', m.incident_id, 'author_id', m.author_id, 'author_kind', m.author_kind, 'body', m.body,
        'created_at', to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')), 'state', 'done'),
      m.created_at, null from message m)
  select id, incident_id, author_id, author_kind, body, created_at from message`;

export const chatMessageView = (row: {
  id: string;
  incident_id: string;
  author_id: string | null;
  author_kind: string;
  body: string;
  created_at: string | Date;
}): ChatMessageView => ({
  id: row.id,
  incident_id: row.incident_id,
  author_id: row.author_id,
  author_kind: row.author_kind === 'assistant' ? 'assistant' : 'user',
  body: row.body,
  created_at: isoTimestamp(row.created_at),
});

/**
 * Stores a chat message with its timeline entry and WebSocket event in one round trip. Undefined
 * when the incident is not the organization's, or when `replyToId` already has its reply.
 */
export async function insertChatMessage(
  em: EntityManager,
  input: {
    id?: string;
    organizationId: string;
    incidentId: string;
    authorId: string | null;
    authorKind: 'user' | 'assistant';
    body: string;
    replyToId?: string | null;
  },
): Promise<ChatMessageView | undefined> {
  const summary = `${input.authorKind === 'assistant' ? 'Assistant' : 'Message'}: ${input.body.length > 280 ? `${input.body.slice(0, 279)}…` : input.body}`;
  const rows = await runStatement<Array<Parameters<typeof chatMessageView>[0]>>(
    em,
    INSERT_SQL,
    [
      input.incidentId,
      input.organizationId,
      input.id ?? uuidv7(),
      input.authorId,
      input.authorKind,
      input.body,
      input.replyToId ?? null,
      uuidv7(),
      summary,
      uuidv7(),
    ],
    'all',
  );
  const [row] = rows;
  return row ? chatMessageView(row) : undefined;
}

/** The incident's messages, oldest first, and how many it has; undefined when the incident is not the organization's. */
export async function pageChatMessages(
  em: EntityManager,
  organizationId: string,
  incidentId: string,
  page: { limit: number; offset: number },
): Promise<{ items: ChatMessageView[]; total: number } | undefined> {
  const rows = await em.execute<Array<Parameters<typeof chatMessageView>[0] & { total: string | number | null }>>(
    `select i.id as incident, m.id, m.incident_id, m.author_id, m.author_kind, m.body, m.created_at,
       (select count(*) from incident_messages c where c.incident_id = i.id and c.organization_id = i.organization_id) as total
     from incidents i left join lateral (
       select * from incident_messages m where m.incident_id = i.id and m.organization_id = i.organization_id order by m.id limit ? offset ?
     ) m on true
     where i.id = ? and i.organization_id = ?`,
    [page.limit, page.offset, incidentId, organizationId],
  );
  if (rows.length === 0) return undefined;
  return { items: rows.filter((row) => row.id !== null).map(chatMessageView), total: Number(rows[0]?.total ?? 0) };
}

// Counts one question in the organization's current clock hour unless it is full; no row back: full.
const RESERVE_QUESTION_SQL = `insert into assistant_quota (organization_id, window_start, used) values (?, date_trunc('hour', now()), 1)
  on conflict (organization_id) do update set
    used = case when assistant_quota.window_start = excluded.window_start then assistant_quota.used + 1 else 1 end,
    window_start = excluded.window_start
  where assistant_quota.window_start <> excluded.window_start or assistant_quota.used < ?
  returning used`;

/** Counts one assistant question against the organization's quota for this clock hour; false when the hour's quota is used up. */
export async function reserveAssistantQuestion(em: EntityManager, organizationId: string, perHour: number): Promise<boolean> {
  const reserved = await em.execute<unknown[]>(RESERVE_QUESTION_SQL, [organizationId, perHour]);
  return reserved.length > 0;
}

/** What a message posted by hand carries; the store adds the organization. */
export interface ChatMessageFields {
  incidentId: string;
  authorId: string | null;
  authorKind: 'user' | 'assistant';
  body: string;
}

/** Every read and write is confined to the organization given. */
export interface ChatMessageStore {
  /** Runs `work` in one transaction: what it writes is kept only if it returns. */
  transaction<T>(work: (store: ChatMessageStore) => Promise<T>): Promise<T>;
  /** The incident's messages, oldest first; undefined when the incident is not the organization's. */
  page(
    organizationId: string,
    incidentId: string,
    page: { limit: number; offset: number },
  ): Promise<{ items: ChatMessageView[]; total: number } | undefined>;
  /** With its timeline entry and WebSocket event; undefined when the incident is not the organization's. */
  insert(organizationId: string, message: ChatMessageFields): Promise<ChatMessageView | undefined>;
  /** Counts one assistant question in this clock hour; false when `perHour` are used up. */
  reserveAssistantQuestion(organizationId: string, perHour: number): Promise<boolean>;
}

/** Incidents' chat messages (`incident_messages`) and the organization's hourly assistant quota. */
export function createChatMessageStore(em: EntityManager): ChatMessageStore {
  return {
    transaction: (work) => em.transactional((tx) => work(createChatMessageStore(tx))),
    page: (organizationId, incidentId, page) => pageChatMessages(em, organizationId, incidentId, page),
    insert: (organizationId, message) => insertChatMessage(em, { organizationId, ...message }),
    reserveAssistantQuestion: (organizationId, perHour) => reserveAssistantQuestion(em, organizationId, perHour),
  };
}
