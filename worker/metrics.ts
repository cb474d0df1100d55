import type { ActivityExecuteInput, ActivityInboundCallsInterceptor, ActivityInterceptorsFactory, Next } from '@temporalio/worker';
import type { LogLevel } from '@temporalio/common';
import { Counter, Gauge, type Registry } from 'prom-client';
import { outboxBacklog } from '../shared/db/access/outbox.ts';
import type { Orm } from '../shared/db/orm.ts';
import type { Logger } from '../shared/logger.ts';
import { cachedLoader } from '../shared/observability/metrics.ts';
import { checkWorkerHealth, type WorkerHealthSources } from './health.ts';
import type { OutboxRelayStats } from './outbox/relay.ts';

/** The outbox backlog is read by one indexed query (the partial index on undispatched events), at most this often. */
export const OUTBOX_LAG_TTL_MS = 5_000;

/** Execution statuses that end an execution: counted once each reaches its row. */
const FINAL_EXECUTION_STATUSES = new Set(['completed', 'failed', 'cancelled']);

/**
 * Counts the Temporal SDK's warnings and errors by component (core, worker, workflow, activity),
 * fed by its logger (temporal-logger.ts). An error from its core is worth an alert: one of them is
 * the race that can lose a storm's alerts (docs/ingestion.md, known issue).
 */
export function temporalLogCounter(registry: Registry): (level: LogLevel, component: string | undefined) => void {
  const entries = new Counter({
    name: 'tocsin_worker_temporal_log_entries_total',
    help: "Warnings and errors the Temporal SDK logged in this worker, by level and the SDK's component (core, worker, workflow, activity).",
    labelNames: ['level', 'component'],
    registers: [registry],
  });
  return (level, component) => {
    if (level === 'WARN' || level === 'ERROR') entries.inc({ level: level.toLowerCase(), component: component ?? 'unknown' });
  };
}

export interface WorkerMetrics {
  registry: Registry;
  /** Adds the readiness and relay series, read from these sources at scrape time (once the worker exists). */
  observeHealth(health: WorkerHealthSources): void;
  /** Counts deliveries and executions as their activities finish; give it to the Worker's interceptors. */
  activityInterceptor: ActivityInterceptorsFactory;
  /** This process's series, then the Temporal SDK's (its core serves them on `temporalMetricsUrl`). */
  render(): Promise<string>;
}

/**
 * The worker's series: readiness and relay state (read at scrape time from the health sources),
 * the outbox backlog, deliveries and executions by outcome, and the Temporal SDK's own worker
 * metrics (task slots, poll and schedule-to-start latencies, sticky cache), fetched from the
 * Prometheus endpoint the SDK's core runs on loopback and appended.
 */
export function createWorkerMetrics(
  registry: Registry,
  deps: {
    orm: Orm;
    logger?: Logger;
    /** `http://127.0.0.1:<TEMPORAL_METRICS_PORT>/metrics`; absent: no SDK metrics. */
    temporalMetricsUrl?: string;
    outboxLagTtlMs?: number;
  },
): WorkerMetrics {
  let scrapeHealth: ReturnType<typeof checkWorkerHealth> | undefined;
  const backlog = cachedLoader(() => outboxBacklog(deps.orm.em.fork()), {
    ttlMs: deps.outboxLagTtlMs ?? OUTBOX_LAG_TTL_MS,
    onError: (error) => deps.logger?.warn({ err: error }, 'could not read the outbox backlog for /metrics'),
  });
  new Gauge({
    name: 'tocsin_outbox_lag_seconds',
    help: 'Age of the oldest domain event the outbox relay has not dispatched yet (0 when none waits).',
    registers: [registry],
    async collect() {
      const value = await backlog();
      if (value) this.set(Math.max(0, value.lagSeconds));
    },
  });
  new Gauge({
    name: 'tocsin_outbox_pending_events',
    help: 'Domain events waiting for the outbox relay.',
    registers: [registry],
    async collect() {
      const value = await backlog();
      if (value) this.set(value.pending);
    },
  });

  const deliveryAttempts = new Counter({
    name: 'tocsin_webhook_delivery_attempts_total',
    help: 'Outbound webhook delivery attempts by outcome: delivered, skipped (integration disabled or unconfigured) or failed (retried or given up).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'tocsin_webhook_deliveries_total',
    help: 'Outbound webhook deliveries finished, by outcome (succeeded, failed after every attempt).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const executions = new Counter({
    name: 'tocsin_executions_total',
    help: 'Runbook executions finished, by status (completed, failed, cancelled).',
    labelNames: ['status'],
    registers: [registry],
  });

  /** Reads outcomes off the activities' own inputs and results: the activities stay free of metrics. */
  class MetricsInbound implements ActivityInboundCallsInterceptor {
    private readonly activityType: string;
    constructor(activityType: string) {
      this.activityType = activityType;
    }

    async execute(input: ActivityExecuteInput, next: Next<ActivityInboundCallsInterceptor, 'execute'>): Promise<unknown> {
      if (this.activityType === 'sendWebhook') {
        try {
          const result = (await next(input)) as { status?: string };
          deliveryAttempts.inc({ outcome: result?.status === 'skipped' ? 'skipped' : 'delivered' });
          return result;
        } catch (error) {
          deliveryAttempts.inc({ outcome: 'failed' });
          throw error;
        }
      }
      const result = await next(input);
      const [first] = input.args as Array<{ succeeded?: boolean; status?: string } | undefined>;
      if (this.activityType === 'recordDeliveryOutcome') deliveries.inc({ outcome: first?.succeeded ? 'succeeded' : 'failed' });
      if (this.activityType === 'recordExecutionProgress' && first?.status && FINAL_EXECUTION_STATUSES.has(first.status))
        executions.inc({ status: first.status });
      return result;
    }
  }

  return {
    registry,
    observeHealth(sources) {
      // Every health gauge of one scrape reads the same snapshot, taken when the scrape starts
      // (render()): one round of checks per scrape, never older than the scrape itself.
      const snapshot = () => (scrapeHealth ??= checkWorkerHealth(sources));
      const fromSnapshot = <T extends string>(
        name: string,
        help: string,
        labelNames: T[],
        write: (gauge: Gauge<T>, health: NonNullable<Awaited<ReturnType<typeof snapshot>>>) => void,
      ) =>
        new Gauge<T>({
          name,
          help,
          labelNames,
          registers: [registry],
          async collect() {
            const health = await snapshot();
            if (health) write(this, health);
          },
        });
      fromSnapshot('tocsin_worker_ready', 'Whether every readiness check passes.', [], (gauge, health) => gauge.set(health.ready ? 1 : 0));
      fromSnapshot('tocsin_worker_check_ok', 'Result of each readiness check.', ['check'], (gauge, health) => {
        for (const [check, ok] of Object.entries(health.checks)) gauge.set({ check }, ok ? 1 : 0);
      });
      fromSnapshot('tocsin_worker_running', 'Whether the Temporal worker is in the RUNNING state.', [], (gauge, health) =>
        gauge.set(health.workerState === 'RUNNING' ? 1 : 0),
      );
      // A follow-up worker process (WORKER_ROLE=follow-up) runs no relay, so it has no relay series.
      const { relayStats } = sources;
      if (!relayStats) return;
      fromSnapshot(
        'tocsin_outbox_relay_last_success_age_seconds',
        'Seconds since the outbox relay last completed a batch (NaN before the first).',
        [],
        (gauge, health) => {
          const { lastSuccessAt } = health.relay ?? relayStats();
          gauge.set(lastSuccessAt === undefined ? Number.NaN : (health.now - lastSuccessAt) / 1000);
        },
      );
      fromSnapshot('tocsin_outbox_relay_consecutive_failures', 'Outbox relay batches failed in a row.', [], (gauge, health) =>
        gauge.set((health.relay ?? relayStats()).consecutiveFailures),
      );
      // Totals kept by the relay itself, exposed as counters.
      const relayCounter = (name: string, help: string, read: (stats: OutboxRelayStats) => number) =>
        new Counter({
          name,
          help,
          registers: [registry],
          collect() {
            this.reset();
            this.inc(read(relayStats()));
          },
        });
      relayCounter('tocsin_outbox_relay_batches_total', 'Outbox relay batches completed.', (stats) => stats.batches);
      relayCounter(
        'tocsin_outbox_relay_failed_batches_total',
        'Outbox relay batches that failed and were retried.',
        (stats) => stats.failedBatches,
      );
      relayCounter('tocsin_outbox_relay_events_total', 'Domain events the outbox relay dispatched.', (stats) => stats.relayedEvents);
    },
    activityInterceptor: (ctx) => ({ inbound: new MetricsInbound(ctx.info.activityType) }),
    async render() {
      scrapeHealth = undefined;
      const own = await registry.metrics();
      if (!deps.temporalMetricsUrl) return own;
      // The SDK's series are appended as served; a slow or absent core endpoint never fails the scrape.
      const sdk = await fetch(deps.temporalMetricsUrl, { signal: AbortSignal.timeout(1000) })
        .then((response) => (response.ok ? response.text() : ''))
        .catch(() => '');
      return sdk ? `${own}${own.endsWith('\n') ? '' : '\n'}${sdk}` : own;
    },
  };
}
