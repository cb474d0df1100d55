import type { MatrixEvent } from '../../../../shared/paging/channels/matrix/client.ts';
import {
  commandOf,
  commandsOf,
  invitedRooms,
  reactionAction,
  replyText,
  textAction,
} from '../../../../shared/paging/channels/matrix/sync-events.ts';

const BOT = '@tocsin:example.org';
const ROOM = '!room:example.org';
const PAGE = '$page-event';

const reaction = (key: unknown, extra: Partial<MatrixEvent> = {}): MatrixEvent => ({
  type: 'm.reaction',
  event_id: '$r',
  sender: '@alice:example.org',
  content: { 'm.relates_to': { rel_type: 'm.annotation', event_id: PAGE, key } },
  ...extra,
});

const reply = (
  body: string,
  relates: Record<string, unknown> = { 'm.in_reply_to': { event_id: PAGE } },
  extra: Partial<MatrixEvent> = {},
): MatrixEvent => ({
  type: 'm.room.message',
  event_id: '$m',
  sender: '@alice:example.org',
  content: { msgtype: 'm.text', body, 'm.relates_to': relates },
  ...extra,
});

describe('Matrix sync events', () => {
  it.each([
    ['✅', 'acknowledge'],
    ['✔️', 'acknowledge'],
    ['✔', 'acknowledge'],
    ['☑️', 'acknowledge'],
    ['⏰', 'snooze_1h'],
    ['⏰️', 'snooze_1h'],
    ['💤', 'snooze_1h'],
    ['👍', null],
    ['❌', null],
    ['', null],
    [5, null],
    [undefined, null],
  ])('the reaction %p asks for %p', (key, action) => {
    expect(reactionAction(key)).toBe(action);
  });

  it.each([
    ['ack', 'acknowledge'],
    ['ACK', 'acknowledge'],
    ['!ack', 'acknowledge'],
    ['/ack', 'acknowledge'],
    ['ack, looking at it', 'acknowledge'],
    ['Acknowledged.', 'acknowledge'],
    ['resolve', 'resolve'],
    ['resolved: fixed the disk', 'resolve'],
    ['escalate', 'escalate'],
    ['snooze', 'snooze_1h'],
    ['!snooze 1h', 'snooze_1h'],
    ['Snooze 4h', 'snooze_4h'],
    ['snooze 4', 'snooze_4h'],
    ['snooze 4h.', 'snooze_4h'],
    ['snooze for a while', 'snooze_1h'],
    ['please snooze', null],
    ['  ack  ', 'acknowledge'],
    ['please ack this', null],
    ['acknowledgement needed', null],
    ['4', null],
    ['', null],
    ['constructor', null],
    ['__proto__', null],
  ])('the text %p asks for %p', (text, action) => {
    expect(textAction(text)).toBe(action);
  });

  it.each([
    ['> <@tocsin:example.org> 🚨 [HIGH] Disk full\n> second line\n\nack', 'ack'],
    ['> <@tocsin:example.org> 🚨 [HIGH] Disk full\n\nresolve now', 'resolve now'],
    ['ack', 'ack'],
    ['ack\n> not a fallback', 'ack\n> not a fallback'],
    ['>no space is not a fallback', '>no space is not a fallback'],
  ])('the reply %p says %p', (body, text) => {
    expect(replyText(body)).toBe(text);
  });

  it('reads a ✅ reaction to a message as acknowledging it, with when it was sent', () => {
    expect(commandOf(ROOM, reaction('✅', { origin_server_ts: 1_700_000_000_000 }), BOT)).toEqual({
      roomId: ROOM,
      eventId: '$r',
      sender: '@alice:example.org',
      targetEventId: PAGE,
      action: 'acknowledge',
      via: 'reaction',
      sentAt: 1_700_000_000_000,
    });
    expect(commandOf(ROOM, reaction('✅'), BOT)?.sentAt).toBeUndefined();
  });

  it.each<[string, MatrixEvent, Record<string, unknown> | null]>([
    ['a rich reply', reply('> <@tocsin:example.org> page\n\nresolve'), { action: 'resolve', via: 'reply', targetEventId: PAGE }],
    ['a threaded reply', reply('ack', { rel_type: 'm.thread', event_id: PAGE }), { action: 'acknowledge', targetEventId: PAGE }],
    [
      'a threaded message whose reply is the fallback (the thread root answered)',
      reply('ack', { rel_type: 'm.thread', event_id: PAGE, is_falling_back: true, 'm.in_reply_to': { event_id: '$latest' } }),
      { action: 'acknowledge', targetEventId: PAGE },
    ],
    [
      'a reply to one message in a thread',
      reply('resolve', { rel_type: 'm.thread', event_id: '$root', 'm.in_reply_to': { event_id: PAGE } }),
      { action: 'resolve', targetEventId: PAGE },
    ],
    ['a message that answers nothing', reply('ack', {}), null],
    ['an edit', reply('ack', { rel_type: 'm.replace', event_id: PAGE }), null],
    ['the bot itself', reply('ack', undefined, { sender: BOT }), null],
    ['the bot reacting', reaction('✅', { sender: BOT }), null],
    ['a redacted event', reaction('✅', { unsigned: { redacted_because: {} } }), null],
    [
      'a reaction that is no annotation',
      reaction('✅', { content: { 'm.relates_to': { rel_type: 'm.reference', event_id: PAGE, key: '✅' } } }),
      null,
    ],
    ['a reaction without a target', reaction('✅', { content: { 'm.relates_to': { rel_type: 'm.annotation', key: '✅' } } }), null],
    [
      'a body that is no string',
      reply('ack', undefined, { content: { body: 5, 'm.relates_to': { 'm.in_reply_to': { event_id: PAGE } } } }),
      null,
    ],
    ['a state event', { type: 'm.room.member', event_id: '$s', sender: '@alice:example.org', content: { membership: 'join' } }, null],
    [
      'no content',
      { type: 'm.reaction', event_id: '$x', sender: '@alice:example.org', content: null as unknown as Record<string, unknown> },
      null,
    ],
  ])('reads %s', (_what, event, expected) => {
    const command = commandOf(ROOM, event, BOT);
    if (expected === null) expect(command).toBeNull();
    else expect(command).toMatchObject(expected);
  });

  it('collects commands of every joined room in timeline order, and the rooms the bot is invited to', () => {
    const sync = {
      next_batch: 's2',
      rooms: {
        join: {
          '!a:x': {
            timeline: { events: [reaction('✅', { event_id: '$1' }), reply('hello', {}), reply('resolve', undefined, { event_id: '$2' })] },
          },
          '!b:x': { timeline: { events: [reaction('👍'), reply('ack', undefined, { event_id: '$3' })] } },
          '!c:x': {},
        },
        invite: { '!d:x': {} },
      },
    };
    expect(commandsOf(sync, BOT).map((command) => [command.roomId, command.eventId, command.action])).toEqual([
      ['!a:x', '$1', 'acknowledge'],
      ['!a:x', '$2', 'resolve'],
      ['!b:x', '$3', 'acknowledge'],
    ]);
    expect(invitedRooms(sync)).toEqual(['!d:x']);
    expect(commandsOf({ next_batch: 's' }, BOT)).toEqual([]);
  });

  it.each<[string, number | undefined, string[]]>([
    ['every command without a bound', undefined, ['$old', '$edge', '$new', '$undated']],
    ['only commands sent from the bound on', 2000, ['$edge', '$new']],
    ['nothing when all came before', 5000, []],
  ])('keeps %s (history on a first sync)', (_what, sentSince, expected) => {
    const sync = {
      next_batch: 's3',
      rooms: {
        join: {
          '!a:x': {
            timeline: {
              events: [
                reaction('✅', { event_id: '$old', origin_server_ts: 1999 }),
                reaction('✅', { event_id: '$edge', origin_server_ts: 2000 }),
                reply('ack', undefined, { event_id: '$new', origin_server_ts: 4000 }),
                reaction('✅', { event_id: '$undated' }),
              ],
            },
          },
        },
      },
    };
    expect(commandsOf(sync, BOT, sentSince).map((command) => command.eventId)).toEqual(expected);
  });
});
