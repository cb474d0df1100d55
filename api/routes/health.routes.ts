import { z } from 'zod';
import { defineRoute, type RouteDefinition } from './route.ts';

const CheckSchema = z.enum(['ok', 'unavailable']);
const HealthSchema = z.object({ status: z.literal('ok') });
const ReadinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.record(z.string(), CheckSchema),
});

export type ReadinessProbe = () => Promise<Record<string, boolean>>;

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
      responses: { 200: { description: 'Up', schema: HealthSchema } },
      handler: () => ({ body: { status: 'ok' } }),
    }),
    defineRoute({
      method: 'get',
      path: '/readyz',
      operationId: 'readyz',
      summary: 'Readiness: the database, Temporal (and Elasticsearch when configured) answer',
      tags: ['health'],
      access: 'public',
      responses: {
        200: { description: 'Ready', schema: ReadinessSchema },
        503: { description: 'A dependency is unavailable', schema: ReadinessSchema },
      },
      handler: async () => {
        const results = await readiness();
        const ready = Object.values(results).every(Boolean);
        const checks = Object.fromEntries(Object.entries(results).map(([name, ok]) => [name, ok ? 'ok' : 'unavailable']));
        return { status: ready ? 200 : 503, body: { status: ready ? 'ready' : 'unavailable', checks } };
      },
    }),
  ];
}
