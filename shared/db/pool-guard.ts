import type { EventEmitter } from 'node:events';

/** The parts of a `pg` Pool the guard uses; MikroORM bundles its own `pg`, so its types are not ours. */
export interface GuardablePool extends EventEmitter {
  connect(): Promise<GuardableClient>;
  options: { max?: number; connectionTimeoutMillis?: number };
}

export interface GuardableClient extends EventEmitter {
  release: (error?: Error | boolean) => void;
}

/** A pool checkout that did not get a connection in time: the database is unreachable or every connection is busy. */
export class PoolAcquireTimeoutError extends Error {
  readonly code = 'TOCSIN_POOL_ACQUIRE_TIMEOUT';
  constructor(timeoutMs: number, poolMax: number | undefined, cause: unknown) {
    super(
      `No database connection within ${timeoutMs} ms (pool of ${poolMax ?? '?'}): PostgreSQL is unreachable or every connection is busy`,
      { cause },
    );
    this.name = 'PoolAcquireTimeoutError';
  }
}

// pg-pool's own wording for both ways a checkout runs out of time (waiting for a slot, connecting).
const POOL_TIMEOUT_MESSAGES = ['timeout exceeded when trying to connect', 'Connection terminated due to connection timeout'];

/**
 * Makes a connection lost while checked out always give its pool slot back.
 *
 * kysely 0.29.6 releases a controlled transaction's connection only after COMMIT or ROLLBACK
 * succeeded (kysely-org/kysely#1990), and MikroORM's `transactional()` swallows the failed
 * ROLLBACK: a connection that dies mid-transaction stays checked out forever, and once
 * DATABASE_POOL_MAX of them are gone every later query waits for a slot that never comes.
 * pg-pool ignores a checked-out client's death on purpose (the holder must release it), so the
 * guard does it: when a checked-out client's socket ends, it is released with an error, which makes
 * the pool discard it and hand its slot to the next waiter. The holder's own late `release()`
 * then does nothing (pg-pool would throw on a second release).
 *
 * It also turns pg-pool's terse checkout timeout into a PoolAcquireTimeoutError naming the cause.
 */
export function guardPool(pool: GuardablePool): void {
  pool.on('connect', (client: GuardableClient) => guardClient(client));
  const connect = pool.connect.bind(pool);
  // kysely only checks out with the promise form; pg-pool's own pool.query uses the callback form.
  pool.connect = ((callback?: unknown) => {
    if (callback !== undefined) return (connect as (cb: unknown) => unknown)(callback);
    return connect().catch((error: unknown) => {
      if (error instanceof Error && POOL_TIMEOUT_MESSAGES.includes(error.message)) {
        throw new PoolAcquireTimeoutError(pool.options.connectionTimeoutMillis ?? 0, pool.options.max, error);
      }
      throw error;
    });
  }) as GuardablePool['connect'];
}

function guardClient(client: GuardableClient): void {
  // pg-pool assigns a fresh `release` at every checkout; the accessor keeps the latest one and
  // makes releasing idempotent per checkout.
  let poolRelease: ((error?: Error | boolean) => void) | undefined;
  let checkedOut = false;
  const release = (error?: Error | boolean) => {
    if (!checkedOut) return;
    checkedOut = false;
    poolRelease?.(error);
  };
  Object.defineProperty(client, 'release', {
    configurable: true,
    enumerable: false,
    get: () => release,
    set: (next: (error?: Error | boolean) => void) => {
      poolRelease = next;
      checkedOut = true;
    },
  });
  // 'end' follows every way a connection dies (terminated backend, server shutdown, reset
  // socket); an idle client is not checked out and the pool already removes it itself.
  client.once('end', () => release(new Error('PostgreSQL connection lost while checked out')));
}
