import { createTaggedLru } from '../cache/tagged-lru.ts';
import { buildRouter, type Router, type Urgency } from '../domain/routing.ts';
import type { Matcher } from '../domain/matchers.ts';
import type { Logger } from '../logger.ts';
import type { Orm } from './orm.ts';
import { createPgListener, CREDENTIALS_CHANNEL, type PgListener } from './pg-listener.ts';

/** The tag the routing_rules trigger NOTIFYs (migration 20261228020000). */
export const routingRulesTag = (organizationId: string) => `routing:${organizationId}`;

export interface RoutingRulesCache {
  /** The organization's routing rules, compiled in evaluation order; from memory while the cache serves. */
  forOrganization(organizationId: string): Promise<Router>;
  readonly serving: boolean;
  /** Resolves once LISTEN is first in place (at once without a listener). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Each worker's compiled routing rules, one entry per organization, so the outbox relay routes new
 * incidents without reading and compiling the rules every batch. It serves only while LISTEN on the
 * credentials channel is in place (every write to routing_rules NOTIFYs there); without a listener,
 * or while it is down, every call reads the rules. The TTL is a safety net for a lost notification.
 */
export function createRoutingRulesCache(deps: {
  orm: Orm;
  listen?: { databaseUrl: string; logger: Logger };
  ttlMs?: number;
  maxOrganizations?: number;
}): RoutingRulesCache {
  const lru = createTaggedLru<Router>({ maxEntries: deps.maxOrganizations ?? 10_000, ttlMs: deps.ttlMs ?? 60_000 });
  let serving = false;
  // One read per organization at a time: concurrent batches share it after an invalidation.
  const inflight = new Map<string, Promise<Router>>();
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
          if (!tag.startsWith('routing:')) return;
          lru.invalidate([tag]);
          inflight.delete(tag);
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

  const load = async (organizationId: string): Promise<Router> => {
    const rows = await deps.orm.em
      .fork()
      .execute<Array<{ id: string; matchers: Matcher[]; escalation_policy_id: string; urgency: Urgency; enabled: boolean }>>(
        `select id, matchers, escalation_policy_id, urgency, enabled from routing_rules
         where organization_id = ? order by position, created_at, id`,
        [organizationId],
      );
    return buildRouter(
      rows.map((row) => ({
        id: row.id,
        matchers: row.matchers,
        policyId: row.escalation_policy_id,
        urgency: row.urgency,
        enabled: row.enabled,
      })),
    );
  };

  return {
    async forOrganization(organizationId) {
      if (!serving) return load(organizationId);
      const key = routingRulesTag(organizationId);
      const cached = lru.get(key) ?? inflight.get(key);
      if (cached) return cached;
      const epoch = lru.epoch;
      const loading = load(organizationId)
        .then((router) => {
          if (serving) lru.set(key, router, [key], epoch);
          return router;
        })
        .finally(() => {
          if (inflight.get(key) === loading) inflight.delete(key);
        });
      inflight.set(key, loading);
      return loading;
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
