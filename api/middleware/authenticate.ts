import type { EntityManager } from '@mikro-orm/core';
import type { Context } from 'koa';
import type { TokenService } from '../../shared/auth/tokens.ts';
import { UserSchema } from '../../shared/db/entities/index.ts';
import { TENANT_FILTER } from '../../shared/db/tenant-filter.ts';
import { hasPermission, isRole, permissionsForRole, type Permission } from '../../shared/domain/permissions.ts';
import { InsufficientPermissionsError, InvalidTokenError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { RouteAccess } from '../routes/route.ts';

function bearerToken(ctx: Context): string | undefined {
  const header = ctx.get('Authorization');
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? ctx.cookies.get('access_token') ?? undefined;
}

/**
 * Resolves the request's credential to an AuthContext and scopes the request's EntityManager to
 * that organization. The role is read from the database, so a role change applies at once.
 */
export function createAuthenticator(deps: { em: () => EntityManager; tokens: TokenService }) {
  return async (ctx: Context): Promise<AuthContext> => {
    const token = bearerToken(ctx);
    if (!token) throw new InvalidTokenError('Not authenticated');
    const verified = await deps.tokens.verify(token, 'access');
    const em = deps.em();
    const user = await em.findOne(
      UserSchema,
      { id: verified.userId, organization: verified.organizationId },
      { filters: { [TENANT_FILTER]: false } },
    );
    if (!user || !isRole(user.role)) throw new InvalidTokenError();
    em.setFilterParams(TENANT_FILTER, { organizationId: verified.organizationId });
    return {
      kind: 'user',
      organizationId: verified.organizationId,
      userId: user.id,
      apiKeyId: null,
      role: user.role,
      permissions: permissionsForRole(user.role),
      tokenId: verified.jti,
      tokenExpiresAt: verified.expiresAt,
    };
  };
}

/** The one authorization check: a route's declared access against the caller's permissions. */
export function authorize(auth: AuthContext, access: RouteAccess): void {
  if (access === 'public' || access === 'authenticated') return;
  if (!hasPermission(auth.permissions, access as Permission)) throw new InsufficientPermissionsError(access);
}
