import Router from '@koa/router';
import Koa from 'koa';
import supertest from 'supertest';
import { bearerMatches, createApiMetrics, httpMetrics, UNMATCHED_ROUTE } from '../../api/metrics.ts';
import { errorHandler } from '../../api/middleware/error-handler.ts';
import type { Orm } from '../../shared/db/orm.ts';
import { RateLimitedError } from '../../shared/errors.ts';
import { createLogger } from '../../shared/logger.ts';
import { Registry } from '../../shared/observability/metrics.ts';

/** Stands in for the open-incidents query; the query itself runs on PostgreSQL in the integration test. */
const orm = { em: { fork: () => ({ execute: async () => [{ severity: 'critical', n: 2 }] }) } } as unknown as Orm;

function app() {
  const metrics = createApiMetrics(new Registry(), { orm });
  const koa = new Koa();
  koa.use(httpMetrics(metrics));
  koa.use(errorHandler(createLogger({ name: 'test', level: 'silent' })));
  const router = new Router({ prefix: '/api/v1' });
  router.get('/incidents/:id', (ctx) => {
    ctx.body = { id: ctx.params.id };
  });
  router.get('/limited', () => {
    throw new RateLimitedError(30);
  });
  koa.use(router.routes());
  return { http: supertest(koa.callback()), metrics };
}

describe('HTTP metrics', () => {
  it('labels requests by route template and final status, never by raw path', async () => {
    const { http, metrics } = app();
    await http.get('/api/v1/incidents/4b1e6f0e-1111-4222-8333-444455556666').expect(200);
    await http.get('/api/v1/incidents/another-id').expect(200);
    await http.get('/wp-admin/setup.php').expect(404);
    await http.get('/api/v1/limited').expect(429);
    const text = await metrics.registry.metrics();
    expect(text).toContain('tocsin_http_request_duration_seconds_count{route="/api/v1/incidents/:id",method="GET",status="200"} 2');
    expect(text).toContain(`tocsin_http_request_duration_seconds_count{route="${UNMATCHED_ROUTE}",method="GET",status="404"} 1`);
    expect(text).toContain('tocsin_rate_limit_refusals_total{route="/api/v1/limited"} 1');
    expect(text).toContain('tocsin_incidents_open{severity="critical"} 2');
    expect(text).not.toContain('another-id');
    expect(text).not.toContain('wp-admin');
  });

  it('reads the WebSocket gauge from the realtime server once attached', async () => {
    const { metrics } = app();
    expect(await metrics.registry.metrics()).toContain('tocsin_websocket_connections 0');
    metrics.countWebSocketConnections(() => 3);
    expect(await metrics.registry.metrics()).toContain('tocsin_websocket_connections 3');
  });
});

describe('bearerMatches', () => {
  it.each<[string | undefined, boolean]>([
    ['Bearer metrics-token-0123456789', true],
    ['bearer metrics-token-0123456789', true],
    ['Bearer metrics-token-012345678', false],
    ['Bearer ', false],
    ['metrics-token-0123456789', false],
    [undefined, false],
  ])('%p → %p', (header, expected) => {
    expect(bearerMatches(header, 'metrics-token-0123456789')).toBe(expected);
  });
});
