import type { EntityManager } from '@mikro-orm/postgresql';
import { PLATFORMS, type Platform } from '../../shared/domain/alert.ts';
import { sharedResult } from '../../shared/cache/shared-result.ts';
import { runReadinessChecks } from '../../shared/health/readiness.ts';

/** Outbound deliveries failing this many times in a row mark an enabled integration as failing (10 disables it). */
export const FAILING_AFTER_CONSECUTIVE_FAILURES = 3;

// Across organizations on purpose, and only ever aggregated per platform: nothing of any
// organization (ids, names, counts) leaves this statement.
const FAILING_PLATFORMS_SQL = `select distinct platform from integrations
  where enabled and (status = 'error' or consecutive_failures >= ?)`;

export interface WebhookHealthReport {
  status: 'healthy' | 'degraded';
  endpoints: Record<Platform, 'ok' | 'degraded'>;
  temporal: 'ok' | 'down';
}

export type WebhookHealth = ReturnType<typeof createWebhookHealth>;

/** How old a report may be: anyone may ask, so a flood of requests costs one check per this. */
export const WEBHOOK_HEALTH_MAX_AGE_MS = 2000;

/**
 * The state of the webhook endpoints, for an unauthenticated caller. Every platform is degraded
 * while Temporal is unreachable (webhooks answer 503: nothing can be queued) or the integrations
 * cannot be read; a platform is degraded while one of its enabled integrations is failing. Both
 * checks run side by side and are bounded like /readyz, so the answer comes within ~1.5 s. One
 * report answers every caller for `maxAgeMs`, and concurrent callers share the one being made.
 */
export function createWebhookHealth(deps: {
  em: () => EntityManager;
  temporalReachable: () => Promise<boolean>;
  timeoutMs?: number;
  maxAgeMs?: number;
}) {
  const report = sharedResult(
    async (): Promise<WebhookHealthReport> => {
      let failing: Set<string> | null = null;
      const checks = await runReadinessChecks(
        {
          temporal: deps.temporalReachable,
          integrations: async () => {
            const rows = await deps
              .em()
              .getConnection()
              .execute<Array<{ platform: string }>>(FAILING_PLATFORMS_SQL, [FAILING_AFTER_CONSECUTIVE_FAILURES]);
            failing = new Set(rows.map((row) => row.platform));
            return true;
          },
        },
        deps.timeoutMs,
      );
      const known = checks.integrations ? (failing as Set<string> | null) : null;
      const endpoints = Object.fromEntries(
        PLATFORMS.map((platform) => [platform, checks.temporal && known && !known.has(platform) ? 'ok' : 'degraded']),
      ) as WebhookHealthReport['endpoints'];
      const healthy = Object.values(endpoints).every((state) => state === 'ok');
      return { status: healthy ? 'healthy' : 'degraded', endpoints, temporal: checks.temporal ? 'ok' : 'down' };
    },
    { maxAgeMs: deps.maxAgeMs ?? WEBHOOK_HEALTH_MAX_AGE_MS },
  );
  return { report };
}
