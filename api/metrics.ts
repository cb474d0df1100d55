import type { Middleware } from 'koa';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { AppError } from '../shared/errors.ts';
import { openIncidentsBySeverity } from '../shared/db/access/incidents.ts';
import type { Orm } from '../shared/db/orm.ts';
import type { Logger } from '../shared/logger.ts';
import { cachedLoader } from '../shared/observability/metrics.ts';
import type { WebhookIngestService } from './services/webhook-ingest.service.ts';

/** The API's series; docs/deployment.md lists each. */
export interface ApiMetrics {
  registry: Registry;
  httpRequestDuration: Histogram<'route' | 'method' | 'status'>;
  rateLimitRefusals: Counter<'route'>;
  alertsReceived: Counter<'platform' | 'outcome'>;
  /** Where the WebSocket gauge reads the number of connected clients (set once realtime is attached). */
  countWebSocketConnections(count: () => number): void;
}

/** Requests that matched no route share one label, so scanners cannot create series at will. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Open incidents are counted by one grouped query, at most this often whatever the scrape rate. */
export const OPEN_INCIDENTS_TTL_MS = 10_000;

export function createApiMetrics(registry: Registry, deps: { orm: Orm; logger?: Logger; openIncidentsTtlMs?: number }): ApiMetrics {
  let webSocketConnections: () => number = () => 0;
  // Across organizations: an operator's view, behind METRICS_TOKEN, with no organization label.
  const openIncidents = cachedLoader(() => openIncidentsBySeverity(deps.orm.em.fork()), {
    ttlMs: deps.openIncidentsTtlMs ?? OPEN_INCIDENTS_TTL_MS,
    onError: (error) => deps.logger?.warn({ err: error }, 'could not count open incidents for /metrics'),
  });
  new Gauge({
    name: 'tocsin_incidents_open',
    help: 'Incidents not resolved, by severity (all organizations; refreshed at most every 10 s).',
    labelNames: ['severity'],
    registers: [registry],
    async collect() {
      const rows = await openIncidents();
      if (!rows) return;
      this.reset();
      for (const row of rows) this.set({ severity: row.severity }, row.n);
    },
  });
  new Gauge({
    name: 'tocsin_websocket_connections',
    help: 'WebSocket (socket.io) clients connected to this API process.',
    registers: [registry],
    collect() {
      this.set(webSocketConnections());
    },
  });
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'tocsin_http_request_duration_seconds',
      help: "HTTP requests by route template (the router's matched path), method and status.",
      labelNames: ['route', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    rateLimitRefusals: new Counter({
      name: 'tocsin_rate_limit_refusals_total',
      help: 'Requests refused with 429 RATE_LIMITED, by route template.',
      labelNames: ['route'],
      registers: [registry],
    }),
    alertsReceived: new Counter({
      name: 'tocsin_alerts_received_total',
      help: 'Alerts received on webhooks by platform and outcome: `queued` counts alerts handed to Temporal, `rejected` the refused alerts of a payload whose others were queued; any other outcome (the error code) counts requests.',
      labelNames: ['platform', 'outcome'],
      registers: [registry],
    }),
    countWebSocketConnections(count) {
      webSocketConnections = count;
    },
  };
}

/** The route template a request matched (`/api/v1/incidents/:id`), never the raw URL. */
export function routeTemplate(state: { _matchedRoute?: unknown }): string {
  return typeof state._matchedRoute === 'string' ? state._matchedRoute : UNMATCHED_ROUTE;
}

/**
 * Times every request by route template, method and final status. Placed before the error
 * handler, so it sees the status the client got, including rendered errors.
 */
export function httpMetrics(metrics: ApiMetrics): Middleware {
  return async (ctx, next) => {
    const startedAt = performance.now();
    // An error escaping the error handler becomes Koa's own 500.
    let status = 500;
    try {
      await next();
      status = ctx.status;
    } finally {
      const route = routeTemplate(ctx as { _matchedRoute?: unknown });
      metrics.httpRequestDuration.observe({ route, method: ctx.method, status: String(status) }, (performance.now() - startedAt) / 1000);
      if (status === 429) metrics.rateLimitRefusals.inc({ route });
    }
  };
}

const outcomeOf = (error: unknown) => (error instanceof AppError ? error.code.toLowerCase() : 'error');

/** The ingest service, counting what it receives: alerts queued, or the refusal's error code. */
export function withIngestMetrics(service: WebhookIngestService, counter: ApiMetrics['alertsReceived']): WebhookIngestService {
  const refused = (platform: string, error: unknown): never => {
    counter.inc({ platform, outcome: outcomeOf(error) });
    throw error;
  };
  return {
    ...service,
    async verifySender(input) {
      try {
        return await service.verifySender(input);
      } catch (error) {
        return refused(input.platform, error);
      }
    },
    async prepareVerified(integration, input) {
      try {
        return await service.prepareVerified(integration, input);
      } catch (error) {
        return refused(input.platform, error);
      }
    },
    async prepareWithApiKey(input) {
      try {
        return await service.prepareWithApiKey(input);
      } catch (error) {
        return refused(input.platform, error);
      }
    },
    async enqueue(prepared) {
      try {
        const accepted = await service.enqueue(prepared);
        counter.inc({ platform: prepared.integration.platform, outcome: 'queued' }, accepted.data.alerts);
        if (accepted.data.rejected.length > 0) {
          counter.inc({ platform: prepared.integration.platform, outcome: 'rejected' }, accepted.data.rejected.length);
        }
        return accepted;
      } catch (error) {
        return refused(prepared.integration.platform, error);
      }
    },
  };
}

export { bearerMatches } from '../shared/observability/metrics.ts';
