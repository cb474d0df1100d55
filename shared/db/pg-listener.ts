import pg from 'pg';
import type { Logger } from '../logger.ts';

/**
 * Database triggers (migrations 20261123010000, 20261123060000, 20261227080000) NOTIFY this channel, in the writer's
 * transaction, with one tag per changed row: `user:<id>` (role, profile, removal, session cutoff),
 * `jti:<jti>` (a revoked token), `key:<id>` (an API key revoked, changed or deleted),
 * `org:<id>` (plan change, removal), `sess:<id>` (a session, i.e. refresh-token family, revoked or gone),
 * `silences:<organization id>` (a silence or maintenance window written; read by the workers' mute-rule cache),
 * `routing:<organization id>` (a routing rule written, migration 20261228020000; the workers' routing-rule cache),
 * `channels:<organization id>` (a channel connection written, migration 20261231010000; the workers' Matrix supervisors).
 */
export const CREDENTIALS_CHANNEL = 'tocsin_credentials';

/** Every statement that writes `domain_events` NOTIFYs this channel (migration 20261229060000): the outbox relay wakes on it. */
export const OUTBOX_CHANNEL = 'tocsin_outbox';

export interface PgListener {
  /** Resolves once the first LISTEN is in place. */
  ready: Promise<void>;
  /** True while LISTEN is in place; notifications sent while it is false are lost. */
  readonly listening: boolean;
  close(): Promise<void>;
}

export interface PgListenerOptions {
  databaseUrl: string;
  channel: string;
  logger: Logger;
  onNotification: (payload: string) => void;
  /** After every (re)connect, once LISTEN is in place: whatever was sent meanwhile was missed. */
  onListening?: () => void;
  /** As soon as the connection is lost, before the reconnect. */
  onLost?: () => void;
}

/**
 * LISTENs on one channel with its own pg.Client (not from the pool: LISTEN lives on one session)
 * and reconnects with exponential backoff on error or disconnect.
 */
export function createPgListener(options: PgListenerOptions): PgListener {
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const retry = (failed: pg.Client, error?: unknown) => {
    if (closed || client !== failed) return;
    client = undefined;
    listening = false;
    options.onLost?.();
    failed.end().catch(() => undefined);
    failures += 1;
    options.logger.warn({ err: error, failures, channel: options.channel }, 'LISTEN connection lost; reconnecting');
    timer = setTimeout(connect, Math.min(30_000, 250 * 2 ** Math.min(failures, 7)));
  };
  async function connect() {
    if (closed) return;
    const next = new pg.Client({ connectionString: options.databaseUrl });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === options.channel && message.payload !== undefined) options.onNotification(message.payload);
    });
    next.on('error', (error) => retry(next, error));
    next.on('end', () => retry(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(options.channel)}`);
      if (client !== next) return;
      failures = 0;
      listening = true;
      options.onListening?.();
      markReady();
    } catch (error) {
      retry(next, error);
    }
  }
  void connect();
  return {
    ready,
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      listening = false;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}
