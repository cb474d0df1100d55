import type { Context } from 'koa';
import type { AuthContext } from '../../api/auth-context.ts';
import { bucketsFor } from '../../api/middleware/rate-limit.ts';
import type { RouteDefinition } from '../../api/routes/route.ts';

const ORG = '00000000-0000-4000-8000-000000000001';
const USER = '00000000-0000-4000-8000-000000000002';
const KEY = '00000000-0000-4000-8000-000000000003';
const INTEGRATION = '00000000-0000-4000-8000-0000000000AA';

const ctx = (params: Record<string, string> = {}) => ({ params, ip: '203.0.113.7' }) as unknown as Context;
const route = (rateLimit?: 'webhook' | 'search') => ({ rateLimit }) as RouteDefinition;
const auth = (kind: 'user' | 'api_key'): AuthContext => ({
  kind,
  organizationId: ORG,
  userId: USER,
  apiKeyId: kind === 'api_key' ? KEY : null,
  role: 'owner',
  permissions: ['*'],
  tokenId: null,
  tokenExpiresAt: null,
});

describe('rate-limit buckets per request', () => {
  it("counts a user per user and an API key per key, both on their organization's plan", () => {
    expect(bucketsFor(ctx(), route(), auth('user'))).toEqual({
      buckets: [{ key: `user:${USER}`, limitClass: 'interactive' }],
      planSource: { organizationId: ORG },
    });
    expect(bucketsFor(ctx(), route(), auth('api_key'))).toEqual({
      buckets: [{ key: `api_key:${KEY}`, limitClass: 'api_key' }],
      planSource: { organizationId: ORG },
    });
  });

  it('counts a caller without a credential per IP on the default plan', () => {
    expect(bucketsFor(ctx(), route(), undefined)).toEqual({
      buckets: [{ key: 'ip:203.0.113.7', limitClass: 'interactive' }],
      planSource: null,
    });
  });

  it("adds the organization's search bucket on search routes", () => {
    expect(bucketsFor(ctx(), route('search'), auth('api_key')).buckets).toEqual([
      { key: `api_key:${KEY}`, limitClass: 'api_key' },
      { key: `search:${ORG}`, limitClass: 'search' },
    ]);
  });

  it('counts webhooks per integration once authentic, failed authentications per IP with a fixed number', () => {
    expect(
      bucketsFor(ctx({ platform: 'apm', integration_id: INTEGRATION }), route('webhook'), undefined, {
        kind: 'integration',
        alerts: 1,
        integrationId: INTEGRATION,
      }),
    ).toEqual({
      buckets: [{ key: `webhook:${INTEGRATION.toLowerCase()}`, limitClass: 'webhook' }],
      planSource: { integrationId: INTEGRATION },
    });
    expect(
      bucketsFor(
        ctx({ platform: 'apm', integration_id: INTEGRATION }),
        route('webhook'),
        undefined,
        { kind: 'failed_webhook_authentication' },
        { webhookAuthFailuresPerHour: 7 },
      ),
    ).toEqual({
      buckets: [{ key: 'webhook_auth_failures:203.0.113.7', limit: 7 }],
      planSource: null,
    });
    // The API-key short form names no integration: per organization and platform.
    expect(bucketsFor(ctx({ platform: 'apm' }), route('webhook'), auth('api_key')).buckets).toEqual([
      { key: `webhook:${ORG}:apm`, limitClass: 'webhook' },
    ]);
    // Its refused callers count per IP, like any caller without a credential.
    expect(bucketsFor(ctx({ platform: 'apm' }), route('webhook'), undefined).buckets).toEqual([
      { key: 'ip:203.0.113.7', limitClass: 'interactive' },
    ]);
  });
});
