import type { UsageCounterStore } from '../../shared/db/access/usage-counters.ts';
import { billingPeriod, type UsageMetric } from '../../shared/domain/billing.ts';
import type { Logger } from '../../shared/logger.ts';
import type { RouteGuards } from '../routes/route.ts';
import { DEFAULT_FLUSH_INTERVAL_MS } from './rate-limit.service.ts';
import type { WebhookIngestService } from './webhook-ingest.service.ts';

export type UsageMeter = ReturnType<typeof createUsageMeter>;

// One statement per flush, whatever the number of organizations and metrics.
/**
 * Billing usage counted the way the rate limiter counts requests: in memory, added to
 * `usage_counters` in one statement every `flushIntervalMs` (the rate limiter's 250 ms), so
 * counting costs no round trip per request. Deltas are keyed by the billing period they happened
 * in; a failed flush keeps them for the next one; a process that dies loses at most one interval's
 * worth (an undercount, never a double count). `stop()` flushes what is pending.
 */
export function createUsageMeter(deps: { counters: () => UsageCounterStore; flushIntervalMs?: number; logger?: Logger; now?: () => Date }) {
  // Milliseconds: no Date allocated per count on the default clock.
  const nowMs = deps.now ? () => (deps.now as () => Date)().getTime() : Date.now;
  const flushIntervalMs = deps.flushIntervalMs ?? DEFAULT_FLUSH_INTERVAL_MS;
  // `<organization>|<period start>|<metric>` → count not yet sent.
  const pending = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  // The period's key part, recomputed only when a count falls past its end (hot path: every request).
  let period = { key: '', startMs: 0, endMs: 0 };
  const periodKey = (): string => {
    const at = nowMs();
    if (at < period.startMs || at >= period.endMs) {
      const { start, end } = billingPeriod(new Date(at));
      period = { key: start.toISOString().slice(0, 10), startMs: start.getTime(), endMs: end.getTime() };
    }
    return period.key;
  };

  async function flushPending(): Promise<void> {
    if (pending.size === 0) return;
    const rows = [...pending].map(([key, delta]) => {
      const [organizationId, periodStart, metric] = key.split('|') as [string, string, string];
      return { key, organizationId, periodStart, metric, delta };
    });
    pending.clear();
    try {
      await deps.counters().addAcrossOrganizations(rows.map(({ key: _key, ...row }) => row));
    } catch (error) {
      for (const { key, delta } of rows) pending.set(key, (pending.get(key) ?? 0) + delta);
      throw error;
    }
  }

  /** Sends what is pending; flushes never overlap, so no delta is sent twice. */
  function flush(): Promise<void> {
    flushing = flushing.catch(() => undefined).then(flushPending);
    return flushing;
  }

  function ensureTimer() {
    if (timer || flushIntervalMs === 0) return;
    timer = setInterval(() => {
      if (pending.size === 0) return;
      flush().catch((error: unknown) => deps.logger?.warn({ err: error }, 'usage flush failed; retrying with the next one'));
    }, flushIntervalMs);
    timer.unref();
  }

  return {
    /** Counts `amount` of `metric` for the organization now; sent with the next flush. */
    count(organizationId: string, metric: UsageMetric, amount = 1): void {
      if (amount <= 0) return;
      const key = `${organizationId}|${periodKey()}|${metric}`;
      pending.set(key, (pending.get(key) ?? 0) + amount);
      if (flushIntervalMs === 0) {
        flush().catch((error: unknown) => deps.logger?.warn({ err: error }, 'usage flush failed; retrying with the next count'));
      } else {
        ensureTimer();
      }
    },
    flush,
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}

/**
 * The rate-limit guard, also counting billing usage for the requests it lets through: every
 * request made with an organization's credential, and search queries besides. It adds no round
 * trip: the counts join the meter's next batch.
 */
export function meteredRateLimit(
  guard: NonNullable<RouteGuards['rateLimit']>,
  usage: Pick<UsageMeter, 'count'>,
): NonNullable<RouteGuards['rateLimit']> {
  return async (ctx, route, auth, subject) => {
    await guard(ctx, route, auth, subject);
    // A handler's own call (a webhook, with `subject`) is not an API request of a credential.
    if (!auth || subject) return;
    usage.count(auth.organizationId, 'api_requests');
    if (route.rateLimit === 'search') usage.count(auth.organizationId, 'search_queries');
  };
}

/** The webhook ingest service, counting the alerts it accepted (as queued) per organization. */
export function meteredWebhookIngest(ingest: WebhookIngestService, usage: Pick<UsageMeter, 'count'>): WebhookIngestService {
  return {
    ...ingest,
    async enqueue(prepared) {
      const accepted = await ingest.enqueue(prepared);
      usage.count(prepared.integration.organizationId, 'alerts_ingested', accepted.data.alerts);
      return accepted;
    },
  };
}
