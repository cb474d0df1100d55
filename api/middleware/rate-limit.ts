import type { Context } from 'koa';
import { RateLimitedError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { RateLimitSubject, RouteDefinition, RouteGuards } from '../routes/route.ts';
import type { PlanSource, RateLimitBucket, RateLimiter } from '../services/rate-limit.service.ts';

export interface RateLimitGuardOptions {
  /** Failed webhook authentications (bad signature, unknown integration) accepted per client IP and hour. */
  webhookAuthFailuresPerHour: number;
}

const DEFAULT_OPTIONS: RateLimitGuardOptions = { webhookAuthFailuresPerHour: 100 };

/**
 * The spec's classes, as buckets: a user's requests count per user, an API key's per key, a caller
 * without a credential per client IP (with the interactive number); search routes additionally per
 * organization. Webhooks authenticated by their integration's secret are counted by their handler
 * (`subject`): per integration once the signature checks out, else per client IP in a bucket of
 * their own, so unsigned junk never uses up an integration's allowance. Webhook quotas count
 * alerts, not requests: the handler passes the payload's alert count once it has parsed it.
 */
export function bucketsFor(
  ctx: Context,
  route: RouteDefinition,
  auth: AuthContext | undefined,
  subject?: RateLimitSubject,
  options: RateLimitGuardOptions = DEFAULT_OPTIONS,
): { buckets: RateLimitBucket[]; planSource: PlanSource } {
  // Webhook subjects carry their payload's alert count; hit() consumes that many units.
  if (subject?.kind === 'integration') {
    return {
      buckets: [{ key: `webhook:${subject.integrationId.toLowerCase()}`, limitClass: 'webhook' }],
      planSource: { integrationId: subject.integrationId },
    };
  }
  if (subject?.kind === 'failed_webhook_authentication') {
    return {
      buckets: [{ key: `webhook_auth_failures:${ctx.ip}`.slice(0, 200), limit: options.webhookAuthFailuresPerHour }],
      planSource: null,
    };
  }
  if (route.rateLimit === 'webhook' && auth) {
    // The short form names no integration: one bucket per organization and platform.
    return {
      buckets: [{ key: `webhook:${auth.organizationId}:${String(ctx.params?.platform ?? '')}`.slice(0, 200), limitClass: 'webhook' }],
      planSource: { organizationId: auth.organizationId },
    };
  }
  if (!auth) return { buckets: [{ key: `ip:${ctx.ip}`.slice(0, 200), limitClass: 'interactive' }], planSource: null };
  const buckets: RateLimitBucket[] = [
    auth.kind === 'api_key' && auth.apiKeyId
      ? { key: `api_key:${auth.apiKeyId}`, limitClass: 'api_key' }
      : { key: `user:${auth.userId}`, limitClass: 'interactive' },
  ];
  if (route.rateLimit === 'search') buckets.push({ key: `search:${auth.organizationId}`, limitClass: 'search' });
  return { buckets, planSource: { organizationId: auth.organizationId } };
}

/** Why a webhook payload was refused whole: a sender retrying it as is will be refused again. */
export function quotaExceededDetail(alerts: number, available: number, limit: number): string {
  return `Webhook quota exceeded: this payload carries ${alerts} alerts, ${available} of the hourly quota of ${limit} alerts remain; nothing was ingested`;
}

/** The guard every route (and handlers, with a subject) calls: count, set the three headers, refuse over the limit. */
export function createRateLimitGuard(
  limiter: RateLimiter,
  options: RateLimitGuardOptions = DEFAULT_OPTIONS,
): NonNullable<RouteGuards['rateLimit']> {
  return async (ctx, route, auth, subject) => {
    const { buckets, planSource } = bucketsFor(ctx, route, auth, subject, options);
    const alerts = subject && 'alerts' in subject ? Math.max(1, subject.alerts) : 1;
    const decision = await limiter.hit(buckets, planSource, alerts);
    ctx.set({
      'X-RateLimit-Limit': String(decision.limit),
      'X-RateLimit-Remaining': String(decision.remaining),
      'X-RateLimit-Reset': String(decision.resetAt),
    });
    if (decision.exceeded)
      throw new RateLimitedError(
        decision.retryAfterSeconds,
        alerts > 1 ? quotaExceededDetail(alerts, decision.available, decision.limit) : undefined,
      );
  };
}
