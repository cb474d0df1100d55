import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { resolveSynapse, startSynapse, type MatrixTestAccount, type RunningSynapse } from '../../dev/synapse.ts';
import { toolCacheDir } from '../../shared/load-config.ts';

/** A real Synapse for one test file (about 2–6 s to start; installed into the tool cache on first use). */
export async function startTestSynapse(): Promise<RunningSynapse> {
  return startSynapse(await resolveSynapse({ cacheDir: toolCacheDir(), log: (message) => process.stderr.write(`${message}\n`) }));
}

export interface RoomEvent {
  type: string;
  event_id: string;
  sender: string;
  content: Record<string, unknown>;
}

/** A person's Matrix account in a test, acting through the client-server API as their client would. */
export function matrixUser(synapse: RunningSynapse, account: MatrixTestAccount) {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${synapse.url}/_matrix/client/v3${path}`, {
      method,
      headers: { authorization: `Bearer ${account.accessToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const parsed = (await response.json()) as T;
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(parsed)}`);
    return parsed;
  };
  const enc = encodeURIComponent;
  const send = async (roomId: string, type: string, content: Record<string, unknown>) =>
    (await call<{ event_id: string }>('PUT', `/rooms/${enc(roomId)}/send/${enc(type)}/${randomUUID()}`, content)).event_id;
  const events = async (roomId: string): Promise<RoomEvent[]> =>
    (await call<{ chunk: RoomEvent[] }>('GET', `/rooms/${enc(roomId)}/messages?dir=b&limit=200`)).chunk.reverse();
  return {
    ...account,
    createRoom: async (options: { invite?: string[]; name?: string } = {}) =>
      (await call<{ room_id: string }>('POST', '/createRoom', { preset: 'private_chat', ...options })).room_id,
    invite: (roomId: string, userId: string) => call('POST', `/rooms/${enc(roomId)}/invite`, { user_id: userId }),
    join: async (roomId: string) => (await call<{ room_id: string }>('POST', `/join/${enc(roomId)}`, {})).room_id,
    /** Rooms this account is invited to. */
    invites: async () =>
      Object.keys((await call<{ rooms?: { invite?: Record<string, unknown> } }>('GET', '/sync?timeout=0')).rooms?.invite ?? {}),
    react: (roomId: string, eventId: string, key: string) =>
      send(roomId, 'm.reaction', { 'm.relates_to': { rel_type: 'm.annotation', event_id: eventId, key } }),
    /** A rich reply as clients send it: the quoted fallback, then the text. */
    reply: (roomId: string, eventId: string, text: string) =>
      send(roomId, 'm.room.message', {
        msgtype: 'm.text',
        body: `> <@someone:x> quoted page\n\n${text}`,
        'm.relates_to': { 'm.in_reply_to': { event_id: eventId } },
      }),
    say: (roomId: string, text: string) => send(roomId, 'm.room.message', { msgtype: 'm.text', body: text }),
    /** A message in a thread as Element sends it: the thread relation, and the reply fallback for clients without threads. */
    inThread: (roomId: string, rootEventId: string, text: string) =>
      send(roomId, 'm.room.message', {
        msgtype: 'm.text',
        body: text,
        'm.relates_to': { rel_type: 'm.thread', event_id: rootEventId, is_falling_back: true, 'm.in_reply_to': { event_id: rootEventId } },
      }),
    /** The room's timeline, oldest first (the last 200 events). */
    events,
    /** The page message `eventId` as clients show it: its latest edit's content, else its own. */
    async shown(roomId: string, eventId: string): Promise<Record<string, unknown>> {
      const original = await call<RoomEvent>('GET', `/rooms/${enc(roomId)}/event/${enc(eventId)}`);
      const edits = (await events(roomId)).filter(
        (event) =>
          (event.content['m.relates_to'] as { rel_type?: string; event_id?: string } | undefined)?.event_id === eventId &&
          (event.content['m.relates_to'] as { rel_type?: string }).rel_type === 'm.replace',
      );
      const latest = edits.at(-1);
      return latest ? (latest.content['m.new_content'] as Record<string, unknown>) : original.content;
    },
  };
}

export type MatrixUser = ReturnType<typeof matrixUser>;

/** Polls `probe` until it returns something other than undefined; fails with `what` at the deadline. */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not seen within ${timeoutMs} ms`);
    await delay(100);
  }
}
