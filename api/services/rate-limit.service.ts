import type { EntityManager } from '@mikro-orm/core';
import { planLimits, RATE_LIMIT_WINDOW_SECONDS, type RateLimitClass } from '../../shared/domain/plans.ts';

/** One counter a request consumes from, e.g. `{ key: 'user:<id>', limitClass: 'interactive' }`. */
export interface RateLimitBucket {
  key: string;
  limitClass: RateLimitClass;
}

/** Whose plan sets the numbers: the caller's organization, a webhook's integration, or none (default plan). */
export type PlanSource = { organizationId: string } | { integrationId: string } | null;

export interface RateLimitDecision {
  limit: number;
  remaining: number;
  /** UTC epoch seconds at which the window ends. */
  resetAt: number;
  exceeded: boolean;
  retryAfterSeconds: number;
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

const PLAN_OF: Record<'organization' | 'integration' | 'none', string> = {
  organization: '(select plan from organizations where id = ?::uuid)',
  // Only webhook routes use this form, and they exist only where the integrations table does.
  integration: '(select o.plan from integrations i join organizations o on o.id = i.organization_id where i.id = ?::uuid)',
  none: 'null::text',
};

/**
 * Fixed-window request counters in PostgreSQL, shared by every API process. One statement per
 * request increments all of its buckets and reads the plan that sets their limits; finished
 * windows are deleted once per window by whichever process first sees the next one.
 */
export function createRateLimiter(deps: {
  em: () => EntityManager;
  overrides?: Partial<Record<RateLimitClass, number>>;
  /** Epoch milliseconds; injected by tests. */
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  let prunedBefore = 0;

  return {
    /** Counts one request against every bucket; the decision reported is the tightest bucket's. */
    async hit(buckets: readonly RateLimitBucket[], planSource: PlanSource): Promise<RateLimitDecision> {
      const nowMs = now();
      const windowStartSeconds = Math.floor(nowMs / 1000 / RATE_LIMIT_WINDOW_SECONDS) * RATE_LIMIT_WINDOW_SECONDS;
      const windowStart = new Date(windowStartSeconds * 1000).toISOString();
      const resetAt = windowStartSeconds + RATE_LIMIT_WINDOW_SECONDS;
      const connection = deps.em().getConnection();

      const source = planSource === null ? 'none' : 'organizationId' in planSource ? 'organization' : 'integration';
      const sql =
        `with hits as (insert into rate_limit_counters as c (key, window_start, count) values ` +
        buckets.map(() => '(?, ?::timestamptz, 1)').join(', ') +
        ` on conflict (key, window_start) do update set count = c.count + 1 returning c.key, c.count)` +
        ` select hits.key, hits.count, ${PLAN_OF[source]} as plan from hits`;
      const params: unknown[] = buckets.flatMap((bucket) => [bucket.key, windowStart]);
      if (planSource !== null) params.push('organizationId' in planSource ? planSource.organizationId : planSource.integrationId);
      const rows: { key: string; count: number; plan: string | null }[] = await connection.execute(sql, params, 'all');

      if (windowStartSeconds > prunedBefore) {
        prunedBefore = windowStartSeconds;
        await connection.execute('delete from rate_limit_counters where window_start < ?::timestamptz', [windowStart], 'run');
      }

      const limits = planLimits(rows[0]?.plan, deps.overrides);
      const retryAfterSeconds = Math.max(1, resetAt - Math.floor(nowMs / 1000));
      const decisions = buckets.map((bucket) => {
        const count = Number(rows.find((row) => row.key === bucket.key)?.count ?? 1);
        const limit = limits[bucket.limitClass];
        return { limit, remaining: Math.max(0, limit - count), resetAt, exceeded: count > limit, retryAfterSeconds };
      });
      // An exceeded bucket wins; otherwise the one closest to its limit.
      return decisions.reduce((tightest, decision) =>
        (decision.exceeded && !tightest.exceeded) || (decision.exceeded === tightest.exceeded && decision.remaining < tightest.remaining) ? decision : tightest,
      );
    },
  };
}
