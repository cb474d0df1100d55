import { z } from 'zod';
import { InvalidTokenError } from '../../shared/errors.ts';
import { PROMETHEUS_CONTENT_TYPE } from '../../shared/observability/metrics.ts';
import { bearerMatches, type ApiMetrics } from '../metrics.ts';
import { defineRoute, type RouteDefinition } from './route.ts';
import { metricsDocs } from '../docs/metrics.ts';

const EXPOSITION_EXAMPLE = [
  '# HELP tocsin_alerts_received_total Alerts received on webhooks by platform and outcome.',
  '# TYPE tocsin_alerts_received_total counter',
  'tocsin_alerts_received_total{platform="metrics_alerts",outcome="queued"} 42',
  '',
].join('\n');

/** `GET /metrics` at the instance root, like the probes; outside /api/v1, so never rate limited. */
export function metricsRoutes(metrics: ApiMetrics, options: { token?: string }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/metrics',
      operationId: 'metrics',
      summary: 'Prometheus metrics of this API process',
      description: metricsDocs.metrics,
      tags: ['health'],
      access: 'public',
      errors: [401],
      responses: {
        200: {
          description: 'The metrics (Content-Type: text/plain; version=0.0.4)',
          contentType: 'text/plain',
          schema: z.string().meta({ example: EXPOSITION_EXAMPLE }),
        },
      },
      handler: async (_input, ctx) => {
        if (options.token && !bearerMatches(ctx.get('Authorization'), options.token))
          throw new InvalidTokenError('A valid METRICS_TOKEN bearer token is required');
        return {
          body: await metrics.registry.metrics(),
          headers: { 'Content-Type': PROMETHEUS_CONTENT_TYPE, 'Cache-Control': 'no-store' },
        };
      },
    }),
  ];
}
