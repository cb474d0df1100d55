import { createHash, randomUUID } from 'node:crypto';
import type { SecretBox } from '../../shared/crypto/secret-box.ts';
import type { MatrixSyncStateStore } from '../../shared/db/access/matrix-sync-state.ts';
import type { Logger } from '../../shared/logger.ts';
import { createPgListener, CREDENTIALS_CHANNEL } from '../../shared/db/pg-listener.ts';
import type { HttpRequestFn } from '../../shared/net/outbound-http.ts';
import { openMatrixConnection } from '../../shared/paging/channels/matrix.ts';
import { createMatrixClient } from '../../shared/paging/channels/matrix/client.ts';
import type { MatrixInboundDeps } from './matrix-inbound.ts';
import { runMatrixSyncLoop } from './sync-loop.ts';

export interface MatrixSyncSupervisorDeps {
  state: MatrixSyncStateStore;
  secretBox: SecretBox;
  /** The SSRF-guarded client, with room for sync answers. */
  http: HttpRequestFn;
  inbound: MatrixInboundDeps;
  logger: Logger;
  /**
   * Connections added, changed or removed are noticed at once through this database's NOTIFY
   * (`channels:<organization>`); without it, at the next scan.
   */
  listen?: { databaseUrl: string };
  /** How often connections are scanned anyway (default 5 s, 60 s when listening: a lease freed by a dead worker). */
  rescanMs?: number;
  /** At most this many organizations' loops in this worker (default 200); the others wait for another worker. */
  maxLoops?: number;
  pollMs?: number;
}

interface Running {
  account: string;
  controller: AbortController;
  done: Promise<unknown>;
}

/**
 * One sync loop per organization with a Matrix connection, in this worker, bounded: started as
 * connections appear, restarted when the bot account changes, stopped when the connection goes.
 * A lease per organization keeps two workers from reading the same bot twice.
 */
export function startMatrixSync(deps: MatrixSyncSupervisorDeps): { stop(): Promise<void> } {
  const owner = randomUUID();
  const loops = new Map<string, Running>();
  const maxLoops = deps.maxLoops ?? 200;
  let stopped = false;

  const stopLoop = async (organizationId: string) => {
    const loop = loops.get(organizationId);
    if (!loop) return;
    loop.controller.abort();
    await loop.done;
    if (loops.get(organizationId) === loop) loops.delete(organizationId);
  };

  async function rescan() {
    const rows = await deps.state.connections();
    const wanted = new Set<string>();
    for (const row of rows) {
      let account;
      try {
        account = openMatrixConnection(JSON.parse(deps.secretBox.decrypt(row.config_sealed)) as Record<string, unknown>);
      } catch {
        account = null;
      }
      if (!account) continue;
      const fingerprint = createHash('sha256').update(`${account.homeserverUrl}\n${account.accessToken}`).digest('hex').slice(0, 64);
      const client = createMatrixClient(deps.http, account);
      wanted.add(row.organization_id);
      const existing = loops.get(row.organization_id);
      if (existing && existing.account === fingerprint) continue;
      if (existing) await stopLoop(row.organization_id);
      if (loops.size >= maxLoops || stopped) continue;
      const controller = new AbortController();
      const running: Running = { account: fingerprint, controller, done: Promise.resolve() };
      running.done = runMatrixSyncLoop({
        organizationId: row.organization_id,
        account: fingerprint,
        connectedAt: new Date(row.updated_at),
        owner,
        client,
        state: deps.state,
        inbound: deps.inbound,
        logger: deps.logger,
        signal: controller.signal,
        pollMs: deps.pollMs,
      })
        .catch((error: unknown) => deps.logger.error({ err: error, organizationId: row.organization_id }, 'matrix: sync loop ended'))
        .finally(() => {
          // Ended by itself (lease held elsewhere): the next rescan tries again.
          if (loops.get(row.organization_id) === running) loops.delete(row.organization_id);
        });
      loops.set(row.organization_id, running);
    }
    for (const organizationId of [...loops.keys()]) if (!wanted.has(organizationId)) await stopLoop(organizationId);
  }

  const rescanMs = deps.rescanMs ?? (deps.listen ? 60_000 : 5000);
  let timer: NodeJS.Timeout | undefined;
  let scanning: Promise<void> = Promise.resolve();
  let again = false;
  let busy = false;
  /** One scan at a time; a change noticed during a scan is scanned right after it. */
  const tick = () => {
    clearTimeout(timer);
    if (stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    scanning = rescan()
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'matrix: could not list connections'))
      .finally(() => {
        busy = false;
        if (stopped) return;
        if (again) {
          again = false;
          tick();
        } else timer = setTimeout(tick, rescanMs);
      });
  };
  const listener = deps.listen
    ? createPgListener({
        databaseUrl: deps.listen.databaseUrl,
        channel: CREDENTIALS_CHANNEL,
        logger: deps.logger,
        onNotification: (payload) => {
          if (payload.startsWith('channels:')) tick();
        },
        // Whatever changed while not listening is read now.
        onListening: tick,
      })
    : undefined;
  tick();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await listener?.close();
      await scanning;
      await Promise.all([...loops.keys()].map(stopLoop));
    },
  };
}
