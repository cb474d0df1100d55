import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from '../../shared/logger.ts';
import type { MatrixSyncStateStore } from '../../shared/db/access/matrix-sync-state.ts';
import type { MatrixClient } from '../../shared/paging/channels/matrix/client.ts';
import { commandsOf, invitedRooms, SYNC_FILTER } from '../../shared/paging/channels/matrix/sync-events.ts';
import { handleMatrixCommand, type MatrixInboundDeps } from './matrix-inbound.ts';

export interface MatrixSyncLoopOptions {
  organizationId: string;
  /** Which bot account the stored `since` belongs to (a fingerprint of homeserver and token). */
  account: string;
  /** This worker, as the lease names it. */
  owner: string;
  client: MatrixClient;
  state: MatrixSyncStateStore;
  inbound: MatrixInboundDeps;
  logger: Logger;
  signal: AbortSignal;
  /**
   * When this bot account was connected (the connection's last change): a first sync acts on
   * what was said in its rooms from then on, and skips older history.
   */
  connectedAt: Date;
  /** The long poll (default 30 s); the lease outlives it. */
  pollMs?: number;
}

const LEASE_SECONDS = 90;
/** The homeserver's clock may run behind ours: a first sync reaches back this far before the connection. */
const CLOCK_SKEW_MS = 60_000;

/**
 * One organization's bot reading its rooms until `signal` aborts or another worker holds the
 * lease: `/sync` from the stored position, join rooms it is invited to, act on each command, then
 * store the new position. A first start (no position for this bot) acts on what was said since the
 * bot was connected, not on older history: a page sent, and answered, before the loop first read
 * its rooms (a worker just started, a connection just made) still gets its answer. A crash between acting and storing reads the same commands again: actions act once, and the
 * bot's replies reuse their transaction ids, so nothing is said twice.
 */
export async function runMatrixSyncLoop(options: MatrixSyncLoopOptions): Promise<'stopped' | 'lease lost'> {
  const { organizationId, account, owner, client, state, logger, signal } = options;
  const pollMs = options.pollMs ?? 30_000;
  let failures = 0;
  let botUserId: string | undefined;
  while (!signal.aborted) {
    try {
      if (!(await state.lease(organizationId, account, owner, LEASE_SECONDS))) return 'lease lost';
      botUserId ??= (await client.whoami(signal)).userId;
      const since = await state.since(organizationId, account);
      const sync = await client.sync({ since: since ?? undefined, timeoutMs: since ? pollMs : 0, filter: SYNC_FILTER }, signal);
      for (const roomId of invitedRooms(sync)) {
        await client
          .join(roomId, signal)
          .catch((error: unknown) =>
            logger.warn({ err: error, organizationId, roomId }, 'matrix: could not join a room it was invited to'),
          );
      }
      // A first sync carries the rooms' recent history: only what came since the connection may still wait for an answer.
      const commands = since ? commandsOf(sync, botUserId) : commandsOf(sync, botUserId, options.connectedAt.getTime() - CLOCK_SKEW_MS);
      for (const command of commands) {
        if (signal.aborted) break;
        try {
          await handleMatrixCommand(command, { organizationId, client, botUserId }, options.inbound);
        } catch (error) {
          // Read again from the same position a few times (a homeserver or database hiccup), then skipped.
          if (failures < 3) throw error;
          logger.warn({ err: error, organizationId, eventId: command.eventId }, 'matrix: could not act on a command; skipped');
        }
      }
      if (signal.aborted) break;
      await state.saveSince(organizationId, account, owner, sync.next_batch);
      failures = 0;
    } catch (error) {
      if (signal.aborted) break;
      failures += 1;
      logger.warn({ err: error, organizationId, failures }, 'matrix: sync failed; retrying');
      // 1 s, 2 s, 4 s ... at most a minute: a homeserver that is down is not hammered.
      await delay(Math.min(60_000, 1000 * 2 ** Math.min(failures - 1, 6)), undefined, { signal }).catch(() => undefined);
    }
  }
  await state.release(organizationId, owner).catch(() => undefined);
  return 'stopped';
}
