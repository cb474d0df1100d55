import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import type { TemporalCallRetry } from '../temporal/client.ts';

export { Registry };

/** The Prometheus text exposition format (0.0.4), as prom-client writes it. */
export const PROMETHEUS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/**
 * A registry of one process's metrics, with Node's own (CPU, memory, event-loop delay, GC). Each
 * process and each test builds its own: prom-client's default global registry is never used, so
 * two apps in one test process never count into each other.
 */
export function createMetricsRegistry(labels: Record<string, string> = {}): Registry {
  const registry = new Registry();
  registry.setDefaultLabels(labels);
  collectDefaultMetrics({ register: registry });
  return registry;
}

/**
 * Counts the Temporal calls' retries (TemporalSettings.onRetry): a workflow refusing signals while
 * it replays (`busy_workflow`), a rate limit, a server away. An operator sees these otherwise only
 * as webhooks answered late.
 */
export function temporalRetryCounter(registry: Registry): (retry: TemporalCallRetry) => void {
  const retries = new Counter({
    name: 'tocsin_temporal_call_retries_total',
    help: 'Temporal calls tried again after a failed attempt, by method and reason (busy_workflow, resource_exhausted, unavailable, other).',
    labelNames: ['method', 'reason'],
    registers: [registry],
  });
  return ({ method, reason }) => retries.inc({ method, reason });
}

/**
 * A value loaded at most once per `ttlMs`, for gauges computed by a query at scrape time: several
 * scrapers (or replicas of Prometheus) cost one query per period, concurrent scrapes share one
 * load, and a failed load keeps the last value (undefined before the first success) rather than
 * failing the whole scrape.
 */
export function cachedLoader<T>(
  load: () => Promise<T>,
  options: { ttlMs: number; now?: () => number; onError?: (error: unknown) => void },
): () => Promise<T | undefined> {
  const now = options.now ?? Date.now;
  let value: T | undefined;
  let loadedAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<T | undefined> | undefined;
  return () => {
    if (now() - loadedAt < options.ttlMs) return Promise.resolve(value);
    pending ??= load()
      .then(
        (loaded) => {
          value = loaded;
          loadedAt = now();
          return loaded;
        },
        (error: unknown) => {
          options.onError?.(error);
          return value;
        },
      )
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
}

/** `Authorization: Bearer <token>` compared in constant time (hashes: equal lengths whatever is sent). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return presented.length > 0 && timingSafeEqual(digest(presented), digest(token));
}
