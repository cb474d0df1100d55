import type { Context } from 'koa';
import type { Logger } from '../../shared/logger.ts';
import type { AuthContext } from '../auth-context.ts';
import type { HttpMethod, RouteDefinition, RouteGuards } from '../routes/route.ts';
import type { AuditEventInput, AuditService } from '../services/audit.service.ts';

const VERB: Partial<Record<HttpMethod, string>> = { post: 'create', put: 'update', patch: 'update', delete: 'delete' };

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
const asString = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);

/**
 * `<resource>.<what>`: the route's first tag, then the literal path segments after the first
 * (`/auth/login` → `auth.login`, `/invitations/accept` → `invitations.accept`), or the method's
 * verb when there are none (`PATCH /users/{id}` → `users.update`).
 */
export function eventTypeOf(route: RouteDefinition): string {
  const literal = route.path
    .split('/')
    .filter(Boolean)
    .slice(1)
    .filter((segment) => !segment.startsWith('{'));
  const what = literal.length ? literal.join('_').replaceAll('-', '_') : (VERB[route.method] ?? route.method);
  return `${route.tags[0] ?? 'api'}.${what}`;
}

/**
 * A public route has no credential: the actor is the account its response names (`user` of the
 * login response, `data.user` of register and invitation acceptance). Other public mutations
 * (password-reset requests, webhooks) name nobody and are not recorded.
 */
function publicActor(body: unknown): { userId: string; organizationId: string } | undefined {
  const root = asObject(body);
  const user = asObject(root?.user) ?? asObject(asObject(root?.data)?.user);
  const userId = asString(user?.id);
  const organizationId = asString(user?.organization_id);
  return userId && organizationId ? { userId, organizationId } : undefined;
}

/** The target: the `{id}` path parameter, else the id of what the response created or names. */
function targetIdOf(ctx: Context, body: unknown): string | null {
  const data = asObject(asObject(body)?.data);
  const id =
    asString(ctx.params?.id) ?? asString(data?.id) ?? asString(asObject(data?.user)?.id) ?? asString(asObject(asObject(body)?.user)?.id);
  return id ? id.slice(0, 128) : null;
}

/**
 * The guard every route runs after its handler (api/routes/route.ts): records successful POST/PUT/PATCH/DELETE requests.
 * Webhook ingestion is machine traffic whose record is the alert itself, so it is left out. A
 * failure to record is logged, not returned: the mutation has already happened.
 */
export function createAuditGuard(audit: AuditService, logger: Logger): NonNullable<RouteGuards['audit']> {
  return async (ctx, route, auth: AuthContext | undefined) => {
    if (!VERB[route.method] || ctx.status >= 400 || route.rateLimit === 'webhook' || route.auditedBy === 'handler') return;
    const actor = auth ? { userId: auth.userId, organizationId: auth.organizationId } : publicActor(ctx.body);
    if (!actor) return;
    const event: AuditEventInput = {
      organizationId: actor.organizationId,
      eventType: eventTypeOf(route),
      action: route.operationId,
      method: ctx.method,
      path: route.path,
      targetType: route.tags[0] ?? null,
      targetId: targetIdOf(ctx, ctx.body),
      actorType: auth?.kind ?? 'user',
      actorUserId: actor.userId,
      actorApiKeyId: auth?.apiKeyId ?? null,
      ip: ctx.ip ? ctx.ip.slice(0, 64) : null,
      userAgent: ctx.get('User-Agent').slice(0, 500) || null,
      requestId: String(ctx.state.requestId ?? ''),
      statusCode: ctx.status,
    };
    try {
      await audit.record(event);
    } catch (error) {
      logger.error({ err: error, requestId: event.requestId, action: event.action }, 'audit event not recorded');
    }
  };
}
