import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NativeConnection, State as WorkerState } from '@temporalio/worker';
import type { OutboxRelayStats } from './outbox/relay.ts';
import type { Orm } from '../shared/db/orm.ts';
import { sharedResult } from '../shared/cache/shared-result.ts';
import { runReadinessChecks } from '../shared/health/readiness.ts';
import type { Logger } from '../shared/logger.ts';
import { bearerMatches, PROMETHEUS_CONTENT_TYPE } from '../shared/observability/metrics.ts';

/**
 * The relay polls every 250 ms when idle and backs off to at most 30 s after failures: a last
 * success older than this means it has been failing for a while (or is wedged), not that it is idle.
 */
export const RELAY_STALE_AFTER_MS = 30_000;

/** Where the worker's health comes from; main.ts passes the real ones, tests their own. */
export interface WorkerHealthSources {
  /** The worker's own pool answers `select 1`. */
  database(): Promise<boolean>;
  /** The worker's Temporal connection answers for its namespace. */
  temporal(): Promise<boolean>;
  workerState(): WorkerState;
  /** Absent in a follow-up worker process (WORKER_ROLE=follow-up), which runs no outbox relay. */
  relayStats?: () => OutboxRelayStats;
  now?: () => number;
}

/** The sources of a running worker process: its pool, its worker's Temporal connection, the worker, the relay (when it runs one). */
export function workerHealthSources(deps: {
  orm: Orm;
  connection: NativeConnection;
  namespace: string;
  worker: { getState(): WorkerState };
  relay: { stats(): OutboxRelayStats } | undefined;
}): WorkerHealthSources {
  const { relay } = deps;
  return {
    database: () => deps.orm.isConnected(),
    // Its own deadline, under the check's budget, so a probe never leaves a call behind.
    temporal: () =>
      deps.connection
        .withDeadline(Date.now() + 1000, () => deps.connection.workflowService.describeNamespace({ namespace: deps.namespace }))
        .then(() => true),
    workerState: () => deps.worker.getState(),
    ...(relay ? { relayStats: () => relay.stats() } : {}),
  };
}

export interface WorkerHealthSnapshot {
  checks: Record<string, boolean>;
  ready: boolean;
  workerState: WorkerState;
  relay: OutboxRelayStats | undefined;
  now: number;
}

/** True when the relay's last successful batch is at most `staleAfterMs` old. */
export function isRelayRecent(relay: Pick<OutboxRelayStats, 'lastSuccessAt'>, now: number, staleAfterMs = RELAY_STALE_AFTER_MS): boolean {
  return relay.lastSuccessAt !== undefined && now - relay.lastSuccessAt <= staleAfterMs;
}

/** Runs the worker's readiness checks, each bounded (shared/health/readiness.ts), side by side. */
export async function checkWorkerHealth(sources: WorkerHealthSources): Promise<WorkerHealthSnapshot> {
  const now = sources.now ?? Date.now;
  const { relayStats } = sources;
  const checks = await runReadinessChecks({
    database: () => sources.database(),
    temporal: () => sources.temporal(),
    worker: () => sources.workerState() === 'RUNNING',
    ...(relayStats ? { outbox_relay: () => isRelayRecent(relayStats(), now()) } : {}),
  });
  return {
    checks,
    ready: Object.values(checks).every(Boolean),
    workerState: sources.workerState(),
    relay: relayStats?.(),
    now: now(),
  };
}

/**
 * The worker's own small HTTP endpoint: `/healthz` (the process answers), `/readyz` (200 or 503
 * with each check, the API's shape) and `/metrics` (worker/metrics.ts, behind METRICS_TOKEN when set). It answers within the
 * readiness budget (about 1.5 s) whatever the dependencies do.
 */
export async function startWorkerHealthServer(options: {
  host: string;
  port: number;
  sources: WorkerHealthSources;
  logger: Logger;
  /** The Prometheus text of this process; absent: /metrics answers 404. */
  metrics?: () => Promise<string>;
  /** Set: /metrics answers only `Authorization: Bearer <token>` (401 otherwise). */
  metricsToken?: string;
}): Promise<{ port: number; close(): Promise<void> }> {
  // Anyone who reaches the port may ask: probes arriving together share one round of checks, so a
  // flood costs one database and one Temporal call at a time (each answer is still fresh).
  const readiness = sharedResult(() => checkWorkerHealth(options.sources), { maxAgeMs: 0 });
  const server = createServer((request, response) => {
    const send = (status: number, body: string, type = 'application/json') => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, JSON.stringify({ status: 'method not allowed' }));
    if (path === '/healthz') return send(200, JSON.stringify({ status: 'ok' }));
    const { metrics } = options;
    if (path === '/metrics' && metrics) {
      if (options.metricsToken && !bearerMatches(request.headers.authorization, options.metricsToken))
        return send(401, JSON.stringify({ status: 'unauthorized' }));
      metrics().then(
        (text) => send(200, text, PROMETHEUS_CONTENT_TYPE),
        (error: unknown) => {
          options.logger.error({ err: error }, 'worker metrics failed');
          send(500, JSON.stringify({ status: 'error' }));
        },
      );
      return;
    }
    if (path !== '/readyz') return send(404, JSON.stringify({ status: 'not found' }));
    readiness().then(
      (snapshot) => {
        const checks = Object.fromEntries(Object.entries(snapshot.checks).map(([name, ok]) => [name, ok ? 'ok' : 'unavailable']));
        send(snapshot.ready ? 200 : 503, JSON.stringify({ status: snapshot.ready ? 'ready' : 'unavailable', checks }));
      },
      (error: unknown) => {
        options.logger.error({ err: error }, 'worker health check failed');
        send(503, JSON.stringify({ status: 'unavailable' }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
