import { z } from 'zod';
import { defineRoute, type RouteDefinition } from './route.ts';

const CheckSchema = z.enum(['ok', 'unavailable']);
const HealthSchema = z.object({ status: z.literal('ok') });
const ReadinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.record(z.string(), CheckSchema),
});

export type ReadinessProbe = () => Promise<Record<string, boolean>>;

/** Each check's time budget: the whole probe answers within about this, well inside a 2 s probe timeout. */
export const READINESS_CHECK_TIMEOUT_MS = 1500;

/**
 * Runs the checks side by side; one that throws or does not answer within `timeoutMs` counts as
 * failing, so /readyz answers in bounded time whatever a dependency does (a black-holed address,
 * an exhausted pool).
 */
export async function runReadinessChecks(
  checks: Record<string, () => Promise<boolean>>,
  timeoutMs = READINESS_CHECK_TIMEOUT_MS,
): Promise<Record<string, boolean>> {
  const bounded = (check: () => Promise<boolean>) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      Promise.resolve().then(check).then(
        (ok) => resolve(ok === true),
        () => resolve(false),
      ).finally(() => clearTimeout(timer));
    });
  const names = Object.keys(checks);
  const results = await Promise.all(names.map((name) => bounded(checks[name] as () => Promise<boolean>)));
  return Object.fromEntries(names.map((name, index) => [name, results[index] as boolean]));
}

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
