import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NativeConnection, State as WorkerState } from '@temporalio/worker';
import type { OutboxRelayStats } from '../activities/outbox-relay.ts';
import type { Orm } from '../shared/db/orm.ts';
import { runReadinessChecks } from '../shared/health/readiness.ts';
import type { Logger } from '../shared/logger.ts';

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
  relayStats(): OutboxRelayStats;
  now?: () => number;
}

/** The sources of a running worker process: its pool, its worker's Temporal connection, the worker, the relay. */
export function workerHealthSources(deps: {
  orm: Orm;
  connection: NativeConnection;
  namespace: string;
  worker: { getState(): WorkerState };
  relay: { stats(): OutboxRelayStats };
}): WorkerHealthSources {
  return {
    database: () => deps.orm.isConnected(),
    // Its own deadline, under the check's budget, so a probe never leaves a call behind.
    temporal: () => deps.connection
      .withDeadline(Date.now() + 1000, () => deps.connection.workflowService.describeNamespace({ namespace: deps.namespace }))
      .then(() => true),
    workerState: () => deps.worker.getState(),
    relayStats: () => deps.relay.stats(),
  };
}

export interface WorkerHealthSnapshot {
  checks: Record<string, boolean>;
  ready: boolean;
  workerState: WorkerState;
  relay: OutboxRelayStats;
  now: number;
}

/** True when the relay's last successful batch is at most `staleAfterMs` old. */
export function isRelayRecent(relay: Pick<OutboxRelayStats, 'lastSuccessAt'>, now: number, staleAfterMs = RELAY_STALE_AFTER_MS): boolean {
  return relay.lastSuccessAt !== undefined && now - relay.lastSuccessAt <= staleAfterMs;
}

/** Runs the worker's readiness checks, each bounded (shared/health/readiness.ts), side by side. */
export async function checkWorkerHealth(sources: WorkerHealthSources): Promise<WorkerHealthSnapshot> {
  const now = sources.now ?? Date.now;
  const checks = await runReadinessChecks({
    database: () => sources.database(),
    temporal: () => sources.temporal(),
    worker: () => sources.workerState() === 'RUNNING',
    outbox_relay: () => isRelayRecent(sources.relayStats(), now()),
  });
  return { checks, ready: Object.values(checks).every(Boolean), workerState: sources.workerState(), relay: sources.relayStats(), now: now() };
}

const gauge = (name: string, help: string, type: 'gauge' | 'counter', samples: Array<[labels: string, value: number]>) =>
  [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...samples.map(([labels, value]) => `${name}${labels} ${Number.isFinite(value) ? value : 'NaN'}`)];

/** The snapshot in Prometheus' text exposition format (0.0.4), written by hand: no client library needed. */
export function renderWorkerMetrics(snapshot: WorkerHealthSnapshot): string {
  const { relay } = snapshot;
  const lastSuccessAge = relay.lastSuccessAt === undefined ? Number.NaN : (snapshot.now - relay.lastSuccessAt) / 1000;
  return [
    ...gauge('tocsin_worker_ready', 'Whether every readiness check passes.', 'gauge', [['', snapshot.ready ? 1 : 0]]),
    ...gauge('tocsin_worker_check_ok', 'Result of each readiness check.', 'gauge', Object.entries(snapshot.checks).map(([check, ok]) => [`{check="${check}"}`, ok ? 1 : 0])),
    ...gauge('tocsin_worker_running', 'Whether the Temporal worker is in the RUNNING state.', 'gauge', [['', snapshot.workerState === 'RUNNING' ? 1 : 0]]),
    ...gauge('tocsin_outbox_relay_last_success_age_seconds', 'Seconds since the outbox relay last completed a batch (NaN before the first).', 'gauge', [['', lastSuccessAge]]),
    ...gauge('tocsin_outbox_relay_consecutive_failures', 'Outbox relay batches failed in a row.', 'gauge', [['', relay.consecutiveFailures]]),
    ...gauge('tocsin_outbox_relay_batches_total', 'Outbox relay batches completed.', 'counter', [['', relay.batches]]),
    ...gauge('tocsin_outbox_relay_failed_batches_total', 'Outbox relay batches that failed and were retried.', 'counter', [['', relay.failedBatches]]),
    ...gauge('tocsin_outbox_relay_events_total', 'Domain events the outbox relay dispatched.', 'counter', [['', relay.relayedEvents]]),
  ].join('\n') + '\n';
}

/**
 * The worker's own small HTTP endpoint: `/healthz` (the process answers), `/readyz` (200 or 503
 * with each check, the API's shape) and `/metrics`. It answers within the readiness budget
 * (about 1.5 s) whatever the dependencies do.
 */
export async function startWorkerHealthServer(options: {
  host: string;
  port: number;
  sources: WorkerHealthSources;
  logger: Logger;
}): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const send = (status: number, body: string, type = 'application/json') => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, JSON.stringify({ status: 'method not allowed' }));
    if (path === '/healthz') return send(200, JSON.stringify({ status: 'ok' }));
    if (path !== '/readyz' && path !== '/metrics') return send(404, JSON.stringify({ status: 'not found' }));
    checkWorkerHealth(options.sources).then(
      (snapshot) => {
        if (path === '/metrics') return send(200, renderWorkerMetrics(snapshot), 'text/plain; version=0.0.4; charset=utf-8');
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
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
