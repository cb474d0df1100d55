import { createHash } from 'node:crypto';
import type { HttpRequestFn } from '../../../net/outbound-http.ts';
import type { ChannelConnection } from '../../channel.ts';
import { CHAT_FEED_TARGETS, type ChatFeedPoster } from '../../chat-feed.ts';
import { redactUrl } from '../../contact-page.ts';
import { openMatrixConnection } from '../matrix.ts';
import { createMatrixClient, type MatrixAccount } from './client.ts';
import { feedReplyContent, feedRootContent, feedRootEditContent } from './feed-messages.ts';
import { pageRoom } from './rooms.ts';

/** A transaction id from a stable key: the homeserver answers a repeat with the first event. */
const txn = (what: string, key: string) => `feed-${what}-${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;

/**
 * Organization feeds on Matrix: the bot posts the incident's root in the feed's room (joining it
 * when invited), each update in the root's thread, and edits the root as the incident changes.
 * Calls go through the SSRF-guarded client: the homeserver is the organization's.
 */
export function createMatrixFeedPoster(deps: { http: HttpRequestFn }): ChatFeedPoster {
  const open = (connection: ChannelConnection) => {
    const account = connection && openMatrixConnection(connection);
    if (!account) throw new Error('Matrix is not connected for this organization');
    const client = createMatrixClient(deps.http, account);
    let botUserId: Promise<string> | undefined;
    const room = (target: string) =>
      pageRoom(client, () => (botUserId ??= client.whoami().then((who) => who.userId)), target, AbortSignal.timeout(20_000));
    return { client, account, room };
  };
  // The error a failed activity records: never the token, the homeserver by host only.
  const call = async <T>(account: MatrixAccount | undefined, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(account ? redactUrl(message.replaceAll(account.accessToken, '…'), account.homeserverUrl) : message);
    }
  };
  return {
    kind: 'matrix',
    validTarget: (target) => CHAT_FEED_TARGETS.matrix?.pattern.test(target) ?? false,
    async openThread(connection, target, incident, key) {
      const { client, account, room } = open(connection);
      return call(account, async () => client.send(await room(target), 'm.room.message', txn('root', key), feedRootContent(incident)));
    },
    async reply(connection, target, threadRef, text, key) {
      const { client, account, room } = open(connection);
      await call(account, async () =>
        client.send(await room(target), 'm.room.message', txn('reply', key), feedReplyContent(threadRef, text)),
      );
    },
    async redrawRoot(connection, target, threadRef, incident) {
      const { client, account, room } = open(connection);
      const key = `${threadRef}\n${incident.status}`;
      await call(account, async () =>
        client.send(await room(target), 'm.room.message', txn('edit', key), feedRootEditContent(threadRef, incident)),
      );
    },
  };
}
