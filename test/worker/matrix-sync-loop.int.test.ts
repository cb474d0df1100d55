import type { RunningSynapse } from '../../dev/synapse.ts';
import type { MatrixSyncStateStore } from '../../shared/db/access/matrix-sync-state.ts';
import { createLogger } from '../../shared/logger.ts';
import { createOutboundHttp } from '../../shared/net/outbound-http.ts';
import type { ChannelActionRequest } from '../../shared/paging/channel.ts';
import { createMatrixClient } from '../../shared/paging/channels/matrix/client.ts';
import { PAGE_MARKER } from '../../shared/paging/channels/matrix/messages.ts';
import type { MatrixInboundDeps } from '../../worker/matrix/matrix-inbound.ts';
import { runMatrixSyncLoop } from '../../worker/matrix/sync-loop.ts';
import { eventually, matrixUser, startTestSynapse, type MatrixUser } from '../helpers/synapse.ts';

const ORG = '00000000-0000-4000-8000-000000000001';

/** The sync position and lease in memory: one worker, always its lease. */
function memoryState() {
  let since: string | null = null;
  const store: MatrixSyncStateStore = {
    connections: async () => [],
    lease: async () => true,
    release: async () => undefined,
    since: async () => since,
    saveSince: async (_organizationId, _account, _owner, token) => {
      since = token;
    },
  };
  return { store, since: () => since };
}

/**
 * The bot's sync loop against a real Synapse, on its first start: what was said in its rooms since
 * the bot was connected is acted on even when it came before the loop first read them (a page is
 * sent and answered before the worker's first sync); older history is not.
 */
describe('Matrix sync loop, first start (integration: real Synapse)', () => {
  let synapse: RunningSynapse;
  let alice: MatrixUser;
  const logger = createLogger({ level: 'silent', name: 'matrix-sync-loop-test' });
  const http = createOutboundHttp({ allowPrivate: true, maxResponseBytes: 8 * 1024 * 1024 });

  beforeAll(async () => {
    synapse = await startTestSynapse();
    alice = matrixUser(synapse, await synapse.register('alice'));
  }, 10 * 60_000);
  afterAll(async () => {
    await synapse?.stop();
  });

  /**
   * A bot of its own per test (Synapse answers a repeated first sync of one device from its cache
   * for a while), in a room with alice, and its page there as the channel sends it (with its marker).
   */
  async function pagedRoom(botName: string) {
    const bot = matrixUser(synapse, await synapse.register(botName));
    const roomId = await alice.createRoom({ name: 'on-call', invite: [bot.userId] });
    await bot.join(roomId);
    const marker = {
      organization_id: ORG,
      incident_id: 'incident-1',
      page_id: 'page-1',
      title: 'Disk full',
      severity: 'high',
      url: 'https://tocsin.example.test/incidents/incident-1',
      level: 1,
      round: 1,
    };
    const response = await fetch(`${synapse.url}/_matrix/client/v3/rooms/${encodeURIComponent(roomId)}/send/m.room.message/page-1`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${bot.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ msgtype: 'm.text', body: '🚨 Disk full', [PAGE_MARKER]: marker }),
    });
    const pageEventId = ((await response.json()) as { event_id: string }).event_id;
    return { bot, roomId, pageEventId };
  }

  /** The bot's answer in the room to `eventId`, once there. */
  const answerTo = (bot: MatrixUser, roomId: string, eventId: string) =>
    eventually(`the bot's answer to ${eventId}`, async () =>
      (await alice.events(roomId)).find(
        (event) =>
          event.sender === bot.userId &&
          (event.content['m.relates_to'] as { 'm.in_reply_to'?: { event_id?: string } } | undefined)?.['m.in_reply_to']?.event_id ===
            eventId,
      ),
    );

  /** Runs a loop as a worker would until `work` is done; returns the actions it asked for. */
  async function withLoop(bot: MatrixUser, connectedAt: Date, work: (state: ReturnType<typeof memoryState>) => Promise<void>) {
    const asked: ChannelActionRequest[] = [];
    const inbound: MatrixInboundDeps = {
      apply: async (request) => {
        asked.push(request);
        return { outcome: 'done', message: 'Acknowledged by Alice.' };
      },
      identityUser: async () => 'user-alice',
      memberName: async () => 'Alice',
      linkUrl: () => 'https://tocsin.example.test/link-channel?token=x',
    };
    const state = memoryState();
    const controller = new AbortController();
    const loop = runMatrixSyncLoop({
      organizationId: ORG,
      account: 'bot',
      owner: 'worker-1',
      client: createMatrixClient(http, { homeserverUrl: synapse.url, accessToken: bot.accessToken }),
      state: state.store,
      inbound,
      logger,
      signal: controller.signal,
      connectedAt,
      pollMs: 2000,
    });
    try {
      await work(state);
    } finally {
      controller.abort();
      await loop;
    }
    return asked;
  }

  it('acts on a reaction sent after the connection but before its first sync', async () => {
    const connectedAt = new Date();
    const { bot, roomId, pageEventId } = await pagedRoom('tocsin-1');
    const reaction = await alice.react(roomId, pageEventId, '✅');
    const asked = await withLoop(bot, connectedAt, async () => {
      await answerTo(bot, roomId, reaction);
    });
    expect(asked).toEqual([
      { organizationId: ORG, incidentId: 'incident-1', action: 'acknowledge', channel: 'matrix', userId: 'user-alice', pageId: 'page-1' },
    ]);
  });

  it('skips what was said before the bot was connected, and acts on what comes after its first sync', async () => {
    const { bot, roomId, pageEventId } = await pagedRoom('tocsin-2');
    await alice.reply(roomId, pageEventId, 'resolve');
    // Connected well after that (beyond the allowance for the homeserver's clock).
    const connectedAt = new Date(Date.now() + 5 * 60_000);
    const asked = await withLoop(bot, connectedAt, async (state) => {
      await eventually('the first sync stored', async () => state.since() ?? undefined);
      await answerTo(bot, roomId, await alice.reply(roomId, pageEventId, 'escalate'));
    });
    expect(asked.map((request) => request.action)).toEqual(['escalate']);
  });
});
