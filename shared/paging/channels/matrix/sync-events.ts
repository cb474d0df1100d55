import type { PageAction } from '../../channel.ts';
import type { MatrixEvent, MatrixSyncResponse } from './client.ts';
import { ACKNOWLEDGE_REACTIONS, SNOOZE_REACTIONS } from './messages.ts';

/**
 * What the bot reads in its rooms: a reaction to, or a reply to, one of its messages that asks for
 * an action. Pure: the sync loop fetches the answered message and acts.
 */

export interface MatrixCommand {
  roomId: string;
  /** The sender's event (replies to them answer it). */
  eventId: string;
  sender: string;
  /** The event answered: it must be the bot's page message for anything to happen. */
  targetEventId: string;
  action: PageAction;
  via: 'reaction' | 'reply';
  /** When the sender's homeserver says it was sent (ms since the epoch), if it says. */
  sentAt: number | undefined;
}

/** Text replies understood, first word, case-insensitive; a leading `!` or `/` is allowed. */
const WORDS: Record<string, PageAction> = {
  ack: 'acknowledge',
  acknowledge: 'acknowledge',
  acknowledged: 'acknowledge',
  resolve: 'resolve',
  resolved: 'resolve',
  escalate: 'escalate',
  snooze: 'snooze_1h',
};

/** What may follow `snooze`: how long (1 hour without it). */
const SNOOZE_LENGTHS: Record<string, PageAction> = { '1h': 'snooze_1h', '1': 'snooze_1h', '4h': 'snooze_4h', '4': 'snooze_4h' };

const VARIATION_SELECTOR = '\uFE0F';

/** A reaction key that acknowledges or snoozes (an hour), or null (any other emoji is a reaction, not a command). */
export function reactionAction(key: unknown): PageAction | null {
  if (typeof key !== 'string') return null;
  const bare = key.replaceAll(VARIATION_SELECTOR, '').trim();
  if ((ACKNOWLEDGE_REACTIONS as readonly string[]).includes(bare)) return 'acknowledge';
  return (SNOOZE_REACTIONS as readonly string[]).includes(bare) ? 'snooze_1h' : null;
}

/**
 * The reply's own text: clients quote the message answered first (lines starting `> `, then a
 * blank line: the spec's reply fallback), which is not what the person wrote.
 */
export function replyText(body: string): string {
  const lines = body.split('\n');
  let index = 0;
  if (lines[0]?.startsWith('> ')) {
    while (index < lines.length && lines[index]?.startsWith('>')) index += 1;
  }
  return lines.slice(index).join('\n').trim();
}

/**
 * The action a reply's text asks for: its first word only, so "ack, looking" acknowledges and a
 * sentence that mentions ack does not; `snooze` may be followed by `4h` (or `1h`).
 */
export function textAction(text: string): PageAction | null {
  const [first = '', second = ''] = text.trim().toLowerCase().split(/\s+/, 2);
  const word = first.replace(/^[!/]/, '').replace(/[.,:;!]$/, '');
  if (!Object.hasOwn(WORDS, word)) return null;
  const action = WORDS[word] as PageAction;
  if (action !== 'snooze_1h') return action;
  const length = second.replace(/[.,:;!]$/, '');
  return Object.hasOwn(SNOOZE_LENGTHS, length) ? (SNOOZE_LENGTHS[length] as PageAction) : 'snooze_1h';
}

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * The event a message replies to: a rich reply (`m.in_reply_to`), or in a thread its root (the
 * page, or a feed's incident). A threaded message's `m.in_reply_to` with `is_falling_back` is only
 * the fallback for clients without threads (the thread's latest event): the root is what it answers.
 */
function answered(content: Record<string, unknown>): string | null {
  const relates = record(content['m.relates_to']);
  if (!relates) return null;
  const inReplyTo = record(relates['m.in_reply_to']);
  const thread = relates.rel_type === 'm.thread' && typeof relates.event_id === 'string' ? relates.event_id : null;
  if (thread && (relates.is_falling_back === true || !inReplyTo)) return thread;
  if (inReplyTo && typeof inReplyTo.event_id === 'string') return inReplyTo.event_id;
  return thread;
}

/** The command one timeline event carries, or null (the bot's own events, edits, redacted events, chatter). */
export function commandOf(roomId: string, event: MatrixEvent, botUserId: string): MatrixCommand | null {
  if (event.sender === botUserId || typeof event.event_id !== 'string' || typeof event.sender !== 'string') return null;
  const content = record(event.content);
  if (!content || record(event.unsigned)?.redacted_because) return null;
  const sentAt = typeof event.origin_server_ts === 'number' ? event.origin_server_ts : undefined;
  const base = { roomId, eventId: event.event_id, sender: event.sender, sentAt };
  if (event.type === 'm.reaction') {
    const relates = record(content['m.relates_to']);
    if (relates?.rel_type !== 'm.annotation' || typeof relates.event_id !== 'string') return null;
    const action = reactionAction(relates.key);
    return action ? { ...base, targetEventId: relates.event_id, action, via: 'reaction' } : null;
  }
  if (event.type === 'm.room.message') {
    if (record(content['m.relates_to'])?.rel_type === 'm.replace') return null;
    const target = answered(content);
    if (!target || typeof content.body !== 'string') return null;
    const action = textAction(replyText(content.body));
    return action ? { ...base, targetEventId: target, action, via: 'reply' } : null;
  }
  return null;
}

/**
 * Every command in a sync answer's joined rooms, in timeline order. `sentSince` (ms since the
 * epoch) keeps only commands sent from then on: a first sync holds the rooms' history, of which
 * only what was said since the bot was connected is still waiting for an answer.
 */
export function commandsOf(sync: MatrixSyncResponse, botUserId: string, sentSince?: number): MatrixCommand[] {
  const commands: MatrixCommand[] = [];
  for (const [roomId, room] of Object.entries(sync.rooms?.join ?? {})) {
    for (const event of room.timeline?.events ?? []) {
      const command = commandOf(roomId, event, botUserId);
      if (!command) continue;
      if (sentSince !== undefined && (command.sentAt === undefined || command.sentAt < sentSince)) continue;
      commands.push(command);
    }
  }
  return commands;
}

/** The rooms the bot is invited to (it joins them: inviting the bot is how a room gets pages). */
export const invitedRooms = (sync: MatrixSyncResponse): string[] => Object.keys(sync.rooms?.invite ?? {});

/**
 * The sync filter: only messages and reactions in timelines, nothing else (presence, receipts,
 * typing, account data): small answers for a long-running loop.
 */
export const SYNC_FILTER = JSON.stringify({
  presence: { not_types: ['*'] },
  account_data: { not_types: ['*'] },
  room: {
    timeline: { types: ['m.room.message', 'm.reaction'], limit: 100 },
    state: { lazy_load_members: true, types: [] },
    ephemeral: { not_types: ['*'] },
    account_data: { not_types: ['*'] },
  },
});
