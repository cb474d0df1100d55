import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { HttpRequestFn } from '../../net/outbound-http.ts';
import type { ChannelConnection, PageChannel } from '../channel.ts';
import type { PageChannelDeps, PageChannelModule } from '../channel-module.ts';
import { redactUrl } from '../contact-page.ts';
import { createMatrixClient, type MatrixAccount, type MatrixClient } from './matrix/client.ts';
import { pageEditContent, pageMessageContent, readPageMarker } from './matrix/messages.ts';
import { MATRIX_ADDRESS, pageRoom } from './matrix/rooms.ts';

/**
 * Matrix: the organization's bot account (homeserver URL and access token, its `matrix`
 * connection) posts each page to a room or to a direct room with the person, and edits it in place
 * as the incident changes. Replies and reactions come back through the bot's sync loop
 * (worker/matrix/).
 */

/** The organization's bot account, as PUT /channel-connections/matrix takes it. */
export const matrixConnectionSchema = z.object({
  homeserver_url: z
    .string()
    .url()
    .max(2048)
    .refine((url) => /^https?:\/\//i.test(url), 'must be an http(s) URL')
    .describe("The homeserver's client-server API base URL, e.g. https://matrix.example.com"),
  access_token: z.string().min(1).max(4096).describe("The bot account's access token (write-only)"),
});

/** A Matrix contact method: the person's user id (a direct room), or a room id or alias. */
export const matrixDestinationSchema = z.object({
  address: z
    .string()
    .max(255) // the Matrix spec's limit for user ids and room aliases
    .regex(MATRIX_ADDRESS, 'must be a Matrix user id (@name:server), room id (!id) or room alias (#name:server)')
    .describe(
      'A Matrix user id (@alice:example.org: the bot messages them directly), room id (!abc:example.org) or alias (#oncall:example.org)',
    ),
});

/** Where `update` finds a sent page message. */
interface MessageRef {
  room: string;
  event: string;
}

export function openMatrixConnection(connection: ChannelConnection): MatrixAccount | null {
  const parsed = matrixConnectionSchema.safeParse(connection);
  return parsed.success ? { homeserverUrl: parsed.data.homeserver_url, accessToken: parsed.data.access_token } : null;
}

const fingerprint = (account: MatrixAccount) =>
  createHash('sha256').update(`${account.homeserverUrl}\n${account.accessToken}`).digest('hex');

/** What the bot is: asked once per account (whoami), then remembered. */
export function createBotIdentity() {
  const known = new Map<string, Promise<string>>();
  return (client: MatrixClient, account: MatrixAccount, signal?: AbortSignal): Promise<string> => {
    const key = fingerprint(account);
    let userId = known.get(key);
    if (!userId) {
      userId = client.whoami(signal).then((who) => who.userId);
      known.set(key, userId);
      userId.catch(() => known.delete(key));
    }
    return userId;
  };
}

/** The error people see on the page: never the token; the homeserver named by host only. */
function failure(error: unknown, account: MatrixAccount): string {
  const message = (error instanceof Error ? error.message : String(error)).replaceAll(account.accessToken, '…');
  return redactUrl(message, account.homeserverUrl).slice(0, 1000);
}

export function createMatrixChannel(deps: PageChannelDeps & { outboundHttp?: HttpRequestFn }): PageChannel {
  const botUserId = createBotIdentity();
  return {
    kind: 'matrix',
    async send(page, to, connection, signal) {
      const account = openMatrixConnection(connection);
      if (!account) return { ok: false, error: 'Matrix is not connected for this organization (Settings → Channels)' };
      if (!deps.outboundHttp) return { ok: false, error: 'no outbound HTTP client configured in this worker' };
      if (!to.address || !MATRIX_ADDRESS.test(to.address)) return { ok: false, error: 'the contact method has no Matrix address' };
      const client = createMatrixClient(deps.outboundHttp, account);
      try {
        const roomId = await pageRoom(client, () => botUserId(client, account, signal), to.address, signal);
        // The page's idempotency key is the transaction id: the homeserver answers a resend with the first event.
        const eventId = await client.send(roomId, 'm.room.message', page.idempotencyKey, pageMessageContent(page), signal);
        const ref: MessageRef = { room: roomId, event: eventId };
        return { ok: true, messageRef: JSON.stringify(ref) };
      } catch (error) {
        return { ok: false, error: failure(error, account) };
      }
    },
    async update(messageRef, _to, connection, change) {
      const account = openMatrixConnection(connection);
      if (!account || !deps.outboundHttp) return;
      const ref = JSON.parse(messageRef) as MessageRef;
      const client = createMatrixClient(deps.outboundHttp, account);
      const original = await client.event(ref.room, ref.event);
      const marker = readPageMarker(original.content);
      if (!marker) return;
      // The same change edits once, however often the update is retried.
      const txnId = `edit-${createHash('sha256')
        .update(`${messageRef}\n${change.action}\n${change.status}\n${change.actorName ?? ''}`)
        .digest('hex')
        .slice(0, 32)}`;
      await client.send(ref.room, 'm.room.message', txnId, pageEditContent(ref.event, marker, change));
    },
  };
}

export const matrixChannel: PageChannelModule = {
  kind: 'matrix',
  create: createMatrixChannel,
  destinationSchema: matrixDestinationSchema,
  toDestination: (fields) => ({ address: String(fields.address), secret: null }),
  // A 6-digit code posted by the bot where pages will go: the person proves they read that room.
  verification: 'code',
  connection: {
    kind: 'matrix',
    title: 'Matrix',
    schema: matrixConnectionSchema,
    summary: (config) => ({
      homeserver_url: typeof config.homeserver_url === 'string' ? config.homeserver_url : null,
      access_token_set: true,
    }),
  },
};
