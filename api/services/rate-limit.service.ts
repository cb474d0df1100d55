import type { RateLimitCounterStore } from '../../shared/db/access/rate-limit-counters.ts';
import { isDatabaseConnectionError } from '../../shared/db/connection-errors.ts';
import { planLimits, RATE_LIMIT_WINDOW_SECONDS, type PlanLimits, type RateLimitClass } from '../../shared/domain/plans.ts';
import type { Logger } from '../../shared/logger.ts';
import {
  countHit,
  isFresh,
  newTally,
  selectForFlush,
  settleRow,
  takeRows,
  tallyCount,
  tallyKey,
  type FlushRow,
  type Tally,
} from './rate-limit-tally.ts';

/**
 * One counter a request consumes from, e.g. `{ key: 'user:<id>', limitClass: 'interactive' }`:
 * its number comes from the plan, or is fixed (`limit`) where no plan applies (failed webhook
 * signatures per IP).
 */
export type RateLimitBucket = { key: string; limitClass: RateLimitClass } | { key: string; limit: number };

/** Whose plan sets the numbers: the caller's organization, a webhook's integration, or none (default plan). */
export type PlanSource = { organizationId: string } | { integrationId: string } | null;

export interface RateLimitDecision {
  limit: number;
  remaining: number;
  /** Units the bucket had left before this hit: a refused payload of more alerts than this. */
  available: number;
  /** UTC epoch seconds at which the window ends. */
  resetAt: number;
  exceeded: boolean;
  retryAfterSeconds: number;
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

export const DEFAULT_FLUSH_INTERVAL_MS = 250;

/** After PostgreSQL was found unreachable, webhook decisions skip the database for this long. */
export const OUTAGE_BACKOFF_MS = 1000;

const planSourceKey = (source: PlanSource) =>
  source === null ? '' : 'organizationId' in source ? `org:${source.organizationId}` : `integration:${source.integrationId}`;

/**
 * Fixed-window request counters shared by every API process through `rate_limit_counters`,
 * without a write per request. Each process counts in memory and, every `flushIntervalMs` (F),
 * adds its deltas to the table in one statement, which also returns the table's counts; it
 * decides from (the count the table returned at its last flush of the bucket) + (what it counted
 * since). A bucket this process has not flushed within 2F (new, or idle) is flushed before the
 * decision, in the request: its first request after a pause costs one round trip, the following
 * ones none. Buckets hit within the last `activeForMs` are read back by every flush even without
 * a delta, so other processes' counts keep arriving.
 *
 * Overshoot bound, with P processes: a process never accepts more than the limit on its own (its
 * own requests are always in its count), so at most P × limit per window; and a request is
 * refused only once the count in its process exceeds the limit, where that count misses only the
 * requests other processes accepted after their last flush that preceded this process's last
 * read, i.e. within the last 3F (2F freshness + F flush interval, plus a flush's duration). So a
 * bucket exceeds its limit by at most what the other P − 1 processes accept within about 3F of
 * its last accepted request (with F = 250 ms, 750 ms). Refused requests count, as before.
 * Deltas of a finished window are dropped, and deltas not yet flushed when a process dies are
 * lost (undercounting by at most F's worth of its requests); `stop()` flushes them.
 *
 * Webhook traffic fails open while PostgreSQL is unreachable (a connection-level error): alerts
 * must keep flowing into Temporal during a database outage. Such a decision uses the plan last
 * read for its source (the default plan when none was) and this process's own count, which keeps
 * its unsent deltas for the flushes after the outage; for OUTAGE_BACKOFF_MS after a failure it does
 * not try the database at all, so no webhook waits for a connection that is not coming. Every
 * other class still fails (503) then.
 */
export function createRateLimiter(deps: {
  counters: () => RateLimitCounterStore;
  overrides?: Partial<Record<RateLimitClass, number>>;
  /** The plan behind a source, e.g. the credential cache's; read from the database when absent. */
  plan?: (source: PlanSource) => Promise<string | null>;
  /** F; 0 sends every request's count at once (one round trip per request, no timer to stop). */
  flushIntervalMs?: number;
  activeForMs?: number;
  logger?: Logger;
  /** Epoch milliseconds; injected by tests. */
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const flushIntervalMs = deps.flushIntervalMs ?? DEFAULT_FLUSH_INTERVAL_MS;
  const freshForMs = 2 * flushIntervalMs;
  const activeForMs = deps.activeForMs ?? 5_000;
  const tallies = new Map<string, Tally>();
  // An immediate flush in flight per tally, so a burst on a stale bucket waits for one statement.
  const refreshing = new WeakMap<Tally, Promise<void>>();
  let prunedBefore = 0;
  // Fail-open state for webhook decisions: the plans last read, and until when the database is presumed down.
  const lastPlans = new Map<string, string | null>();
  let databaseDownUntil = -Infinity;
  let timer: NodeJS.Timeout | undefined;
  let periodic: Promise<void> = Promise.resolve();
  let stopped = false;

  const windowOf = (nowMs: number) => Math.floor(nowMs / 1000 / RATE_LIMIT_WINDOW_SECONDS) * RATE_LIMIT_WINDOW_SECONDS;

  // A plan's limits with this limiter's overrides, computed once per plan name (every request reads them).
  const limitsByPlan = new Map<string | null, PlanLimits>();
  function limitsOf(plan: string | null): PlanLimits {
    let limits = limitsByPlan.get(plan);
    if (!limits) {
      limits = planLimits(plan, deps.overrides);
      if (limitsByPlan.size < 64) limitsByPlan.set(plan, limits);
    }
    return limits;
  }

  async function planOf(source: PlanSource): Promise<string | null> {
    if (source === null) return null;
    if (deps.plan) return deps.plan(source);
    const counters = deps.counters();
    return 'organizationId' in source
      ? counters.planOfOrganization(source.organizationId)
      : counters.planOfIntegrationAcrossOrganizations(source.integrationId);
  }

  /** Sends rows in one statement and settles them; on failure the deltas go back to be sent again. */
  async function send(rows: FlushRow[]): Promise<void> {
    if (rows.length === 0) return;
    const startedAt = now();
    const counters = deps.counters();
    try {
      const windowStart = windowOf(startedAt);
      if (windowStart > prunedBefore) {
        // Once per window and process: whoever sees a new window first deletes the finished ones.
        prunedBefore = windowStart;
        await counters.pruneAcrossOrganizations(new Date(windowStart * 1000));
      }
      const payload = rows.map(({ tally, delta }) => ({
        key: tally.key,
        window_start: new Date(tally.windowStart * 1000).toISOString(),
        delta,
      }));
      const answer = await counters.addAcrossOrganizations(payload);
      const totals = new Map(answer.map((row) => [tallyKey(row.key, new Date(row.window_start).getTime() / 1000), Number(row.count)]));
      for (const row of rows) settleRow(row, totals.get(tallyKey(row.tally.key, row.tally.windowStart)) ?? 0, startedAt);
    } catch (error) {
      for (const row of rows) settleRow(row, undefined, startedAt);
      throw error;
    }
  }

  async function flushAll(): Promise<void> {
    const nowMs = now();
    await send(selectForFlush(tallies, nowMs, windowOf(nowMs), activeForMs));
    if (tallies.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  }

  /** Runs after any periodic flush in progress, so flushes of the same deltas never overlap. */
  function flush(): Promise<void> {
    periodic = periodic.catch(() => undefined).then(flushAll);
    return periodic;
  }

  function ensureTimer() {
    if (timer || stopped || flushIntervalMs === 0) return;
    timer = setInterval(() => {
      flush().catch((error: unknown) => deps.logger?.warn({ err: error }, 'rate-limit flush failed; retrying with the next one'));
    }, flushIntervalMs);
    // Pending deltas must not keep a process alive; shutdown flushes them through stop().
    timer.unref();
  }

  /** Brings stale tallies up to date in one statement; tallies already being refreshed are waited for. */
  async function refresh(stale: Tally[]): Promise<void> {
    const waits = stale.map((tally) => refreshing.get(tally)).filter((pending): pending is Promise<void> => pending !== undefined);
    const toSend = stale.filter((tally) => !refreshing.has(tally));
    if (toSend.length > 0) {
      const sent = send(takeRows(toSend)).finally(() => {
        for (const tally of toSend) refreshing.delete(tally);
      });
      for (const tally of toSend) refreshing.set(tally, sent);
      waits.push(sent);
    }
    await Promise.all(waits);
  }

  return {
    /**
     * Counts `units` (1 per request; a webhook payload's alerts) against every bucket; the decision
     * reported is the tightest bucket's. All or nothing: when a bucket has fewer than `units` left,
     * the hit is refused and counts as one request (refused requests count too, but a refused
     * payload must not use up the quota its alerts were refused for).
     */
    async hit(buckets: readonly RateLimitBucket[], planSource: PlanSource, units = 1): Promise<RateLimitDecision> {
      const failsOpen = buckets.length > 0 && buckets.every((bucket) => 'limitClass' in bucket && bucket.limitClass === 'webhook');
      const sourceKey = planSourceKey(planSource);
      const databaseDown = failsOpen && now() < databaseDownUntil;
      /** Runs a database step of a webhook decision; a connection-level failure falls back instead. */
      const orFallBack = async <T>(step: () => Promise<T>, fallback: () => T): Promise<T> => {
        if (databaseDown) return fallback();
        try {
          return await step();
        } catch (error) {
          if (!failsOpen || !isDatabaseConnectionError(error)) throw error;
          databaseDownUntil = now() + OUTAGE_BACKOFF_MS;
          deps.logger?.warn({ err: error }, 'rate limit: PostgreSQL unreachable; webhook traffic counted in process');
          return fallback();
        }
      };
      const plan = await orFallBack(
        () => planOf(planSource),
        () => lastPlans.get(sourceKey) ?? null,
      );
      if (failsOpen && !databaseDown) {
        if (lastPlans.size >= 10_000) lastPlans.clear();
        lastPlans.set(sourceKey, plan);
      }
      const nowMs = now();
      const windowStartSeconds = windowOf(nowMs);
      const resetAt = windowStartSeconds + RATE_LIMIT_WINDOW_SECONDS;
      const counted = buckets.map((bucket) => {
        const id = tallyKey(bucket.key, windowStartSeconds);
        let tally = tallies.get(id);
        if (!tally) tallies.set(id, (tally = newTally(bucket.key, windowStartSeconds)));
        // The request itself counts before any await, so this process's concurrent hits see it.
        countHit(tally, nowMs);
        return tally;
      });
      const stale = flushIntervalMs === 0 ? counted : counted.filter((tally) => !isFresh(tally, nowMs, freshForMs));
      // Failing open, the unsent deltas stay counted here (settleRow puts them back) for a later flush.
      if (stale.length > 0)
        await orFallBack(
          () => refresh(stale),
          () => undefined,
        );
      ensureTimer();

      const limits = limitsOf(plan);
      const limitOf = (bucket: RateLimitBucket) => ('limit' in bucket ? bucket.limit : limits[bucket.limitClass]);
      // Decided and counted without an await in between: no hit of this process slips in.
      // What each bucket had left before this hit (its own first unit is already counted).
      const available = buckets.map((bucket, index) => Math.max(0, limitOf(bucket) - (tallyCount(counted[index]) - 1)));
      const exceeded = available.some((left) => left < units);
      if (!exceeded && units > 1) {
        for (const tally of counted) countHit(tally, nowMs, units - 1);
        // Without a timer the rest of the units are sent now, like every count in this mode.
        if (flushIntervalMs === 0)
          await orFallBack(
            () => refresh(counted),
            () => undefined,
          );
      }
      const retryAfterSeconds = Math.max(1, resetAt - Math.floor(nowMs / 1000));
      const decisions = buckets.map((bucket, index) => {
        const count = tallyCount(counted[index]);
        const limit = limitOf(bucket);
        return {
          limit,
          remaining: Math.max(0, limit - count),
          available: available[index] as number,
          resetAt,
          exceeded: (available[index] as number) < units,
          retryAfterSeconds,
        };
      });
      // An exceeded bucket wins; otherwise the one closest to its limit.
      return decisions.reduce((tightest, decision) =>
        (decision.exceeded && !tightest.exceeded) || (decision.exceeded === tightest.exceeded && decision.remaining < tightest.remaining)
          ? decision
          : tightest,
      );
    },

    /** Sends every pending delta and reads back the active buckets' counts (the timer does this every F). */
    flush,

    /** Stops the timer and sends what is pending; for shutdown. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
