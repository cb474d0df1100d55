import { NativeConnection, Runtime, makeTelemetryFilterString } from '@temporalio/worker';
import { loadConfig } from '../shared/load-config.ts';
import { createLogger } from '../shared/logger.ts';
import { openOrm, runMigrations } from '../shared/db/orm.ts';
import { connectTemporal } from '../shared/temporal/client.ts';
import { createWorkerRuntime } from './runtime.ts';
import { ensureRetentionSchedule, retryInBackground } from './retention-schedule.ts';
import { ensureAllIcalRefreshSchedules } from './ical-refresh-schedules.ts';
import { ensureAutoResolveSchedule } from './auto-resolve-schedule.ts';
import { startWorkerHealthServer, workerHealthSources } from './health.ts';
import { createSearch } from '../shared/search/create-search.ts';
import { freePorts } from '../shared/net/free-port.ts';
import { createMetricsRegistry, temporalRetryCounter } from '../shared/observability/metrics.ts';
import { temporalClientInterceptors, temporalWorkerTracing } from '../shared/observability/temporal-tracing.ts';
import { startTracing } from '../shared/observability/tracing.ts';
import { createWorkerMetrics, temporalLogCounter } from './metrics.ts';
import { temporalLoggerOf } from './temporal-logger.ts';

const config = loadConfig();
const logger = createLogger({
  name: config.WORKER_ROLE === 'follow-up' ? 'tocsin-follow-up-worker' : 'tocsin-worker',
  level: config.LOG_LEVEL,
});
if (!config.DATABASE_URL || !config.TEMPORAL_ADDRESS) {
  logger.fatal('DATABASE_URL and TEMPORAL_ADDRESS are required to run the worker alone; `npm start` provides local ones');
  process.exit(1);
}
// The SDK's own worker metrics (slots, poll and schedule-to-start latencies, sticky cache) are served
// by its core on loopback and merged into the worker's /metrics, so one scrape target has both.
const temporalMetricsPort =
  config.WORKER_HEALTH_PORT === undefined
    ? undefined
    : (config.TEMPORAL_METRICS_PORT ?? (await freePorts(1, [config.WORKER_HEALTH_PORT]))[0]);
const registry = createMetricsRegistry();
Runtime.install({
  // The SDK's lines, its core's forwarded, in the worker's own JSON log; its warnings and errors counted.
  logger: temporalLoggerOf(logger, temporalLogCounter(registry)),
  telemetryOptions: {
    logging: { filter: makeTelemetryFilterString({ core: 'WARN' }), forward: {} },
    ...(temporalMetricsPort ? { metrics: { prometheus: { bindAddress: `127.0.0.1:${temporalMetricsPort}` } } } : {}),
  },
});
const tracing = await startTracing({
  endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
  serviceName: config.OTEL_SERVICE_NAME ?? 'tocsin-worker',
});

const orm = await openOrm({
  databaseUrl: config.DATABASE_URL,
  poolMax: config.DATABASE_POOL_MAX,
  acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS,
});
await runMigrations(orm, config.DATABASE_URL);
const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
// Without an embedding model the worker still runs; search indexing is skipped until it is installed.
// Its embedding is follow-up only: the local model's thread runs at the lowest CPU priority.
const search = await createSearch(config, { orm, lowPriorityEmbedding: true }).catch((error: unknown) => {
  logger.error({ err: error }, 'search indexing disabled');
  return undefined;
});
const metrics = createWorkerMetrics(registry, {
  orm,
  logger,
  temporalMetricsUrl: temporalMetricsPort ? `http://127.0.0.1:${temporalMetricsPort}/metrics` : undefined,
});
const traced = await temporalWorkerTracing(tracing);
// A client for the schedules below, the activities' Temporal calls and the Matrix bots; the outbox
// relay beside the worker starts its workflows on the worker's own connection.
const temporal = await connectTemporal({
  address: config.TEMPORAL_ADDRESS,
  namespace: config.TEMPORAL_NAMESPACE,
  taskQueue: config.TEMPORAL_TASK_QUEUE,
  interceptors: await temporalClientInterceptors(tracing),
  onRetry: temporalRetryCounter(registry),
});
const runtime = await createWorkerRuntime(config, {
  orm,
  connection,
  temporal: temporal.client,
  encryptionKey: config.ENCRYPTION_KEY,
  search,
  logger,
  overrides: {
    ...traced,
    interceptors: { ...traced.interceptors, activity: [...(traced.interceptors?.activity ?? []), metrics.activityInterceptor] },
  },
});
const { worker, relay } = runtime;
// Idempotent: the first worker creates the daily retention schedule, the others find it. In the
// background, retried: a Temporal server slow to answer at start must not end the worker.
const retentionSchedule = retryInBackground(() => ensureRetentionSchedule(temporal.client, config.TEMPORAL_TASK_QUEUE), {
  onFailure: (error, attempt) => logger.warn({ err: error, attempt }, 'could not create the retention schedule yet; retrying'),
});
// The same for the minutely auto-resolve sweep.
const autoResolveSchedule = retryInBackground(() => ensureAutoResolveSchedule(temporal.client, config.TEMPORAL_TASK_QUEUE), {
  onFailure: (error, attempt) => logger.warn({ err: error, attempt }, 'could not create the auto-resolve schedule yet; retrying'),
});
// Every ical schedule layer keeps a refresh schedule, even on a Temporal server started afresh.
const icalSchedules = retryInBackground(
  async () => {
    const { created, moved } = await ensureAllIcalRefreshSchedules({ orm, client: temporal.client, taskQueue: config.TEMPORAL_TASK_QUEUE });
    if (created > 0 || moved > 0)
      logger.info({ created, moved }, 'created missing ical layer refresh schedules, moved old ones to the tenant-jobs queue');
  },
  { onFailure: (error, attempt) => logger.warn({ err: error, attempt }, 'could not check the ical layer refresh schedules yet; retrying') },
);
// /healthz, /readyz and /metrics of this process, for an orchestrator's probes and a scraper.
const healthSources = workerHealthSources({ orm, connection, namespace: config.TEMPORAL_NAMESPACE, worker, relay });
metrics.observeHealth(healthSources);
const health =
  config.WORKER_HEALTH_PORT === undefined
    ? undefined
    : await startWorkerHealthServer({
        host: config.WORKER_HEALTH_HOST,
        port: config.WORKER_HEALTH_PORT,
        logger,
        sources: healthSources,
        metrics: () => metrics.render(),
        metricsToken: config.METRICS_TOKEN,
      });

// The SDK's Runtime already turns SIGINT/SIGTERM into worker.shutdown(): running activities finish
// or are retried elsewhere, nothing is lost.
logger.info(
  {
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    role: config.WORKER_ROLE,
    address: config.TEMPORAL_ADDRESS,
    healthPort: health?.port,
    temporalMetricsPort,
  },
  'worker started',
);
await runtime.run();
retentionSchedule.stop();
await retentionSchedule.settled;
icalSchedules.stop();
await icalSchedules.settled;
autoResolveSchedule.stop();
await autoResolveSchedule.settled;
await health?.close();
await temporal.close();
await connection.close();
await search?.close();
await orm.close();
await tracing?.shutdown().catch((error: unknown) => logger.warn({ err: error }, 'could not send the last spans'));
logger.info('worker stopped');
