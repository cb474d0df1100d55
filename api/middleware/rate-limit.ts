import type { Context } from 'koa';
import { RateLimitedError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { RouteDefinition, RouteGuards } from '../routes/route.ts';
import type { PlanSource, RateLimitBucket, RateLimiter } from '../services/rate-limit.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The spec's classes, as buckets: a user's requests count per user, an API key's per key, a caller
 * without a credential per client IP (with the interactive number); webhook routes per integration,
 * search routes additionally per organization.
 */
export function bucketsFor(ctx: Context, route: RouteDefinition, auth: AuthContext | undefined): { buckets: RateLimitBucket[]; planSource: PlanSource } {
  if (route.rateLimit === 'webhook') {
    const integrationId = String(ctx.params?.integration_id ?? '');
    if (UUID.test(integrationId)) {
      return { buckets: [{ key: `webhook:${integrationId.toLowerCase()}`, limitClass: 'webhook' }], planSource: { integrationId } };
    }
    if (auth) {
      // The short form names no integration: one bucket per organization and platform.
      return {
        buckets: [{ key: `webhook:${auth.organizationId}:${String(ctx.params?.platform ?? '')}`.slice(0, 200), limitClass: 'webhook' }],
        planSource: { organizationId: auth.organizationId },
      };
    }
    // A malformed id matches no integration: such a caller counts per IP, like any without a credential.
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

/** The guard mountRoutes calls after authentication: count, set the three headers, refuse over the limit. */
export function createRateLimitGuard(limiter: RateLimiter): NonNullable<RouteGuards['rateLimit']> {
  return async (ctx, route, auth) => {
    const { buckets, planSource } = bucketsFor(ctx, route, auth);
    const decision = await limiter.hit(buckets, planSource);
    ctx.set({
      'X-RateLimit-Limit': String(decision.limit),
      'X-RateLimit-Remaining': String(decision.remaining),
      'X-RateLimit-Reset': String(decision.resetAt),
    });
    if (decision.exceeded) throw new RateLimitedError(decision.retryAfterSeconds);
  };
}
