import { createTaggedLru } from '../cache/tagged-lru.ts';
import type { Logger } from '../logger.ts';
import { createPgListener, CREDENTIALS_CHANNEL, type PgListener } from './pg-listener.ts';

export interface OrganizationCache<T> {
  /** The organization's value; from memory while the cache serves, else read. */
  forOrganization(organizationId: string): Promise<T>;
  /** Drops an organization's value (the listener calls it on every notification of its tag). */
  invalidate(organizationId: string): void;
  readonly serving: boolean;
  /** Resolves once LISTEN is first in place (at once without a listener). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * One value per organization, read by `load` and kept in memory, for what a process consults on a
 * hot path (mute rules per alert, routing rules per incident, schedules per on-call answer). Like
 * the API's credential cache it serves only while LISTEN on the credentials channel is in place:
 * a trigger NOTIFYs `<tagPrefix>:<organization id>` on every write to the tables the value comes
 * from. Without a listener, or while it is down, every call reads. The TTL is a safety net for a
 * lost notification.
 */
export function createOrganizationCache<T>(deps: {
  tagPrefix: string;
  load: (organizationId: string) => Promise<T>;
  listen?: { databaseUrl: string; logger: Logger };
  ttlMs?: number;
  maxOrganizations?: number;
}): OrganizationCache<T> {
  const tagOf = (organizationId: string) => `${deps.tagPrefix}:${organizationId}`;
  const lru = createTaggedLru<T>({ maxEntries: deps.maxOrganizations ?? 10_000, ttlMs: deps.ttlMs ?? 60_000 });
  let serving = false;
  // One read per organization at a time: concurrent callers share it after an invalidation.
  const inflight = new Map<string, Promise<T>>();
  const forget = (tag: string) => {
    lru.invalidate([tag]);
    inflight.delete(tag);
  };
  const reset = () => {
    lru.clear();
    inflight.clear();
  };
  const listener: PgListener | undefined = deps.listen
    ? createPgListener({
        databaseUrl: deps.listen.databaseUrl,
        channel: CREDENTIALS_CHANNEL,
        logger: deps.listen.logger,
        onNotification: (tag) => {
          if (tag.startsWith(`${deps.tagPrefix}:`)) forget(tag);
        },
        onListening: () => {
          reset();
          serving = true;
        },
        onLost: () => {
          serving = false;
          reset();
        },
      })
    : undefined;

  return {
    async forOrganization(organizationId) {
      if (!serving) return deps.load(organizationId);
      const key = tagOf(organizationId);
      const cached = lru.get(key) ?? inflight.get(key);
      if (cached) return cached;
      const epoch = lru.epoch;
      const loading = deps
        .load(organizationId)
        .then((value) => {
          if (serving) lru.set(key, value, [key], epoch);
          return value;
        })
        .finally(() => {
          if (inflight.get(key) === loading) inflight.delete(key);
        });
      inflight.set(key, loading);
      return loading;
    },
    invalidate(organizationId) {
      forget(tagOf(organizationId));
    },
    get serving() {
      return serving;
    },
    ready: listener?.ready ?? Promise.resolve(),
    async close() {
      serving = false;
      await listener?.close();
    },
  };
}
