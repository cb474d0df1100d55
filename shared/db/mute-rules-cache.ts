import { createTaggedLru } from '../cache/tagged-lru.ts';
import { MaintenanceWindowEntity, SilenceEntity } from './entities/index.ts';
import type { Orm } from './orm.ts';
import { createPgListener, CREDENTIALS_CHANNEL, type PgListener } from './pg-listener.ts';
import { forkForOrganization } from './tenant-filter.ts';
import { buildMuteRules, type MuteRules } from '../domain/mute-rules.ts';
import type { Logger } from '../logger.ts';

/** The tag the silences and maintenance_windows triggers NOTIFY (migration 20261227080000). */
export const muteRulesTag = (organizationId: string) => `silences:${organizationId}`;

const RECENTLY_ENDED_MS = 24 * 3600 * 1000;

export interface MuteRulesCache {
  /** The organization's unexpired silences and its windows, compiled; from memory while the cache serves. */
  forOrganization(organizationId: string): Promise<MuteRules>;
  /** Drops an organization's rules (the listener calls it on every notification). */
  invalidate(organizationId: string): void;
  readonly serving: boolean;
  /** Resolves once LISTEN is first in place (at once without a listener). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Each worker's copy of the mute rules, one entry per organization, so ingestion matches alerts
 * without a database round trip. Like the API's credential cache it serves only while LISTEN on
 * the credentials channel is in place (every write to silences or windows NOTIFYs there); without
 * a listener, or while it is down, every batch reads the rules (one query per table). The TTL is a
 * safety net for a lost notification.
 */
export function createMuteRulesCache(deps: {
  orm: Orm;
  listen?: { databaseUrl: string; logger: Logger };
  ttlMs?: number;
  maxOrganizations?: number;
}): MuteRulesCache {
  const lru = createTaggedLru<MuteRules>({ maxEntries: deps.maxOrganizations ?? 10_000, ttlMs: deps.ttlMs ?? 60_000 });
  let serving = false;
  // One read per organization at a time: a storm's concurrent batches share it after an invalidation.
  const inflight = new Map<string, Promise<MuteRules>>();
  const forget = (tags: readonly string[]) => {
    lru.invalidate(tags);
    for (const tag of tags) inflight.delete(tag);
  };
  const listener: PgListener | undefined = deps.listen
    ? createPgListener({
        databaseUrl: deps.listen.databaseUrl,
        channel: CREDENTIALS_CHANNEL,
        logger: deps.listen.logger,
        onNotification: (tag) => {
          if (tag.startsWith('silences:')) forget([tag]);
        },
        onListening: () => {
          lru.clear();
          inflight.clear();
          serving = true;
        },
        onLost: () => {
          serving = false;
          lru.clear();
          inflight.clear();
        },
      })
    : undefined;

  const load = async (organizationId: string): Promise<MuteRules> => {
    const em = forkForOrganization(deps.orm, organizationId);
    // Alerts are matched at their receipt time: a backlog drained after an outage still meets the
    // rules that were in effect when it arrived, so rules ended within RECENTLY_ENDED_MS stay loaded.
    const since = new Date(Date.now() - RECENTLY_ENDED_MS);
    const [silences, windows] = await Promise.all([
      em.find(SilenceEntity, { endsAt: { $gt: since } }, { orderBy: { createdAt: 'asc', id: 'asc' } }),
      em.find(
        MaintenanceWindowEntity,
        { $or: [{ rrule: { $ne: null } }, { endsAt: { $gt: since } }] },
        { orderBy: { createdAt: 'asc', id: 'asc' } },
      ),
    ]);
    return buildMuteRules({ silences, windows: windows.map((window) => ({ ...window, rrule: window.rrule ?? null })) });
  };

  return {
    async forOrganization(organizationId) {
      const key = muteRulesTag(organizationId);
      if (!serving) return load(organizationId);
      const cached = lru.get(key) ?? inflight.get(key);
      if (cached) return cached;
      const epoch = lru.epoch;
      const loading = load(organizationId)
        .then((rules) => {
          if (serving) lru.set(key, rules, [key], epoch);
          return rules;
        })
        .finally(() => {
          if (inflight.get(key) === loading) inflight.delete(key);
        });
      inflight.set(key, loading);
      return loading;
    },
    invalidate(organizationId) {
      forget([muteRulesTag(organizationId)]);
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
