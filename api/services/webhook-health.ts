import type { IntegrationHealthStore } from '../../shared/db/access/integrations.ts';
import { PLATFORMS, type Platform } from '../../shared/domain/alert.ts';
import { sharedResult } from '../../shared/cache/shared-result.ts';
import { runReadinessChecks } from '../../shared/health/readiness.ts';
import type { AuthContext } from '../auth-context.ts';

/** Outbound deliveries failing this many times in a row mark an enabled integration as failing (10 disables it). */
export const FAILING_AFTER_CONSECUTIVE_FAILURES = 3;

export interface WebhookHealthReport {
  status: 'healthy' | 'degraded';
  endpoints: Record<Platform, 'ok' | 'degraded'>;
  temporal: 'ok' | 'down';
}

export type WebhookHealth = ReturnType<typeof createWebhookHealth>;

/** How old a report may be: anyone may ask, so a flood of requests costs one check per this. */
export const WEBHOOK_HEALTH_MAX_AGE_MS = 2000;

const reportOf = (temporal: boolean, platformOk: (platform: Platform) => boolean): WebhookHealthReport => {
  const endpoints = Object.fromEntries(
    PLATFORMS.map((platform) => [platform, platformOk(platform) ? 'ok' : 'degraded']),
  ) as WebhookHealthReport['endpoints'];
  const healthy = Object.values(endpoints).every((state) => state === 'ok');
  return { status: healthy ? 'healthy' : 'degraded', endpoints, temporal: temporal ? 'ok' : 'down' };
};

/**
 * The state of the webhook endpoints. `report()` is for an unauthenticated caller and is built from
 * this instance's own signals only (Temporal and PostgreSQL reachable: what a webhook needs to be
 * queued), never from any organization's integrations or deliveries, so one tenant's failing
 * receiver neither degrades nor shows in anyone else's answer. `forOrganization()` adds the
 * caller's own integrations: a platform is degraded while one of them is failing. Checks run side
 * by side, bounded like /readyz (~1.5 s). One public report answers every caller for `maxAgeMs`.
 */
export function createWebhookHealth(deps: {
  integrations: () => IntegrationHealthStore;
  temporalReachable: () => Promise<boolean>;
  timeoutMs?: number;
  maxAgeMs?: number;
}) {
  const databaseReachable = async () => {
    await deps.integrations().ping();
    return true;
  };
  const report = sharedResult(
    async (): Promise<WebhookHealthReport> => {
      const checks = await runReadinessChecks({ temporal: deps.temporalReachable, database: databaseReachable }, deps.timeoutMs);
      return reportOf(checks.temporal, () => checks.temporal && checks.database);
    },
    { maxAgeMs: deps.maxAgeMs ?? WEBHOOK_HEALTH_MAX_AGE_MS },
  );

  return {
    report,

    /** `GET /integrations/health`: the caller's organization's platforms, by its own integrations' outbound state. */
    async forOrganization(auth: AuthContext): Promise<WebhookHealthReport> {
      let failing: Set<string> | null = null;
      const checks = await runReadinessChecks(
        {
          temporal: deps.temporalReachable,
          integrations: async () => {
            // Only ever asked for the caller's own organization.
            failing = new Set(await deps.integrations().failingPlatforms(auth.organizationId, FAILING_AFTER_CONSECUTIVE_FAILURES));
            return true;
          },
        },
        deps.timeoutMs,
      );
      const known = checks.integrations ? (failing as Set<string> | null) : null;
      return reportOf(checks.temporal, (platform) => checks.temporal && known !== null && !known.has(platform));
    },
  };
}
