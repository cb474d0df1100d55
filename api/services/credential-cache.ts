import { createTaggedLru } from '../../shared/cache/tagged-lru.ts';
import { createPgListener, CREDENTIALS_CHANNEL, type PgListener } from '../../shared/db/pg-listener.ts';
import type { Logger } from '../../shared/logger.ts';

export { CREDENTIALS_CHANNEL };

export const credentialTag = {
  user: (id: string) => `user:${id}`,
  token: (jti: string) => `jti:${jti}`,
  apiKey: (id: string) => `key:${id}`,
  organization: (id: string) => `org:${id}`,
  session: (id: string) => `sess:${id}`,
} as const;

export interface CredentialCache {
  /** Undefined on a miss, and always while the cache is not serving. */
  get<V>(key: string): V | undefined;
  /** Read `epoch` before loading: the value is dropped if anything was invalidated meanwhile. */
  set<V>(key: string, value: V, tags: readonly string[], loadedAtEpoch: number): void;
  readonly epoch: number;
  /** Drops what the tags name; writers call it after their commit so their own process sees the change at once. */
  invalidate(tags: readonly string[]): void;
  /** Starts serving from an empty cache (the listener is in place: later changes will be heard). */
  resume(): void;
  /** Stops serving and empties the cache (the listener is down: changes may go unheard). */
  suspend(): void;
  readonly serving: boolean;
  /**
   * Calls `listener` after every invalidation, with its tags, or with `'all'` when the cache starts
   * serving again after its listener was down (changes may have gone unheard meanwhile). The
   * WebSocket server re-checks its connections' credentials from here. Returns the unsubscribe.
   */
  onInvalidate(listener: InvalidationListener): () => void;
}

export type InvalidationListener = (tags: readonly string[] | 'all') => void;

/**
 * What authentication, `GET /auth/me` and the rate limiter's plan lookup read on every request,
 * kept in process. It serves only while a listener on CREDENTIALS_CHANNEL is connected; a new
 * cache, or one whose listener is down, sends every read to the database. The TTL is a safety net
 * for a lost notification, not the invalidation mechanism.
 */
export function createCredentialCache(options: { maxEntries?: number; ttlMs?: number; now?: () => number } = {}): CredentialCache {
  const lru = createTaggedLru<unknown>({ maxEntries: options.maxEntries ?? 10_000, ttlMs: options.ttlMs ?? 60_000, now: options.now });
  let serving = false;
  const listeners = new Set<InvalidationListener>();
  const announce = (tags: readonly string[] | 'all') => {
    for (const listener of listeners) listener(tags);
  };
  return {
    get<V>(key: string) {
      return serving ? (lru.get(key) as V | undefined) : undefined;
    },
    set(key, value, tags, loadedAtEpoch) {
      if (serving) lru.set(key, value, tags, loadedAtEpoch);
    },
    get epoch() {
      return lru.epoch;
    },
    invalidate(tags) {
      lru.invalidate(tags);
      announce(tags);
    },
    resume() {
      lru.clear();
      serving = true;
      announce('all');
    },
    suspend() {
      serving = false;
      lru.clear();
    },
    get serving() {
      return serving;
    },
    onInvalidate(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Keeps `cache` in step with the database: serving while LISTEN is in place, emptied on every (re)connect. */
export function listenForCredentialChanges(cache: CredentialCache, options: { databaseUrl: string; logger: Logger }): PgListener {
  return createPgListener({
    databaseUrl: options.databaseUrl,
    channel: CREDENTIALS_CHANNEL,
    logger: options.logger,
    onNotification: (tag) => cache.invalidate([tag]),
    onListening: () => cache.resume(),
    onLost: () => cache.suspend(),
  });
}
