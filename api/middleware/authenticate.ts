import type { Context } from 'koa';
import { looksLikeApiKey } from '../../shared/auth/api-keys.ts';
import type { TokenService } from '../../shared/auth/tokens.ts';
import { hasPermission, permissionsForRole, type Permission } from '../../shared/domain/permissions.ts';
import { InsufficientPermissionsError, InvalidTokenError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { RouteAccess } from '../routes/route.ts';
import type { ApiKeyService } from '../services/api-key.service.ts';
import type { SessionService } from '../services/session.service.ts';

const bearerHeader = (ctx: Context): string | undefined => /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'))?.[1];

/**
 * Resolves the request's credential to an AuthContext: the organization every store call of the
 * request names. The role is the user's current one (read through the credential cache, which
 * every role change invalidates in every process), not the one in the token.
 * `X-API-Key` (or a Bearer value shaped like a key) is an API key; anything else must be a JWT
 * that is not on the revocation list. Without either header the `access_token` cookie is the
 * credential, and a browser sends it with any request, a cross-site form's included: a write it
 * authenticates must come from a trusted origin (`refuseCrossSite`, 403 CSRF_REJECTED).
 */
export function createAuthenticator(deps: AuthenticatorDeps & { refuseCrossSite: (ctx: Context) => void }) {
  const authenticateCredential = createCredentialAuthenticator(deps);
  return async (ctx: Context): Promise<AuthContext> => {
    const apiKey = ctx.get('X-API-Key');
    let token = bearerHeader(ctx);
    if (!token && !apiKey) {
      token = ctx.cookies.get('access_token') || undefined;
      if (token) deps.refuseCrossSite(ctx);
    }
    return authenticateCredential({ token, apiKey });
  };
}

export interface AuthenticatorDeps {
  tokens: TokenService;
  sessions: Pick<SessionService, 'activeUser'>;
  apiKeys: Pick<ApiKeyService, 'authenticate'>;
}

/**
 * The same resolution from credential strings, without a Koa context (the WebSocket handshake
 * passes one `token` that may be a JWT or an API key).
 */
export function createCredentialAuthenticator(deps: AuthenticatorDeps) {
  return async (credential: { token?: string; apiKey?: string }): Promise<AuthContext> => {
    const token = credential.token || undefined;
    const apiKey = credential.apiKey || (looksLikeApiKey(token) ? token : '');
    if (apiKey) {
      const auth = await deps.apiKeys.authenticate(apiKey);
      return auth;
    }
    if (!token) throw new InvalidTokenError('Not authenticated');
    const verified = await deps.tokens.verify(token, 'access');
    const user = await deps.sessions.activeUser(verified);
    return {
      kind: 'user',
      organizationId: verified.organizationId,
      userId: user.id,
      apiKeyId: null,
      role: user.role,
      permissions: permissionsForRole(user.role),
      tokenId: verified.jti,
      tokenExpiresAt: verified.expiresAt,
      sessionId: verified.sessionId ?? null,
      authMethod: verified.authMethod ?? 'password',
    };
  };
}

/** The one authorization check: a route's declared access against the caller's permissions. */
export function authorize(auth: AuthContext, access: RouteAccess): void {
  if (access === 'public' || access === 'authenticated') return;
  if (!hasPermission(auth.permissions, access as Permission)) throw new InsufficientPermissionsError(access);
}
