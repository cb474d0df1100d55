import { z } from 'zod';
import { defineRoute, type RouteDefinition } from './route.ts';

const CheckSchema = z.enum(['ok', 'unavailable']);
const HealthResponse = z.object({ status: z.literal('ok') });
const ReadinessResponse = z.object({
  status: z.enum(['ready', 'degraded', 'unavailable']),
  checks: z.record(z.string(), CheckSchema),
});

export type ReadinessProbe = () => Promise<Record<string, boolean>>;

/**
 * Checks that do not gate readiness: without Elasticsearch only search fails, while webhooks,
 * incidents and runbooks work, so a load balancer must keep sending traffic (`degraded`, 200).
 */
const OPTIONAL_CHECKS = new Set(['elasticsearch']);

export { READINESS_CHECK_TIMEOUT_MS, runReadinessChecks } from '../../shared/health/readiness.ts';

/** Liveness and readiness probes, at the instance root like /openapi.json. */
export function healthRoutes(readiness: ReadinessProbe): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/healthz',
      operationId: 'healthz',
      summary: 'Liveness: the process is up',
      tags: ['health'],
      access: 'public',
      responses: { 200: { description: 'Up', schema: HealthResponse } },
      handler: () => ({ body: { status: 'ok' } }),
    }),
    defineRoute({
      method: 'get',
      path: '/readyz',
      operationId: 'readyz',
      summary: 'Readiness: the database and Temporal answer (Elasticsearch, when configured, is reported but does not gate)',
      tags: ['health'],
      access: 'public',
      responses: {
        200: {
          description: 'Ready, or `degraded` when only Elasticsearch is unavailable (search fails, the rest works)',
          schema: ReadinessResponse,
        },
        503: { description: 'A dependency is unavailable', schema: ReadinessResponse },
      },
      handler: async () => {
        const results = await readiness();
        const failing = Object.keys(results).filter((name) => !results[name]);
        const ready = failing.every((name) => OPTIONAL_CHECKS.has(name));
        const checks = Object.fromEntries(Object.entries(results).map(([name, ok]) => [name, ok ? 'ok' : 'unavailable']));
        const status = !ready ? 'unavailable' : failing.length ? 'degraded' : 'ready';
        return { status: ready ? 200 : 503, body: { status, checks } };
      },
    }),
  ];
}
