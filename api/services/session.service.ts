import type { EntityManager } from '@mikro-orm/postgresql';
import type { TokenService, VerifiedToken } from '../../shared/auth/tokens.ts';
import { UserSchema } from '../../shared/db/entities/index.ts';
import { TENANT_FILTER } from '../../shared/db/tenant-filter.ts';
import { isRole, type Role } from '../../shared/domain/permissions.ts';
import { AppError, InvalidTokenError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import { credentialTag, type CredentialCache } from './credential-cache.ts';
import type { CredentialStore, UserPrincipal } from './credential-store.ts';

export const TOKEN_REVOKED_DETAIL = 'Token has been revoked';

export interface RefreshResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
}

/** Session-only actions (logout, password change...) refuse API keys: a key is not a session. */
export function requireUserSession(auth: AuthContext, action: string): void {
  if (auth.kind !== 'user') {
    throw new AppError('INSUFFICIENT_PERMISSIONS', `${action} needs a user session; API keys cannot do it`);
  }
}

export type SessionService = ReturnType<typeof createSessionService>;

/**
 * JWT sessions beyond signature checks: the persisted revocation list (logout), per-user cutoffs
 * (password reset), refresh. Everything lives in PostgreSQL, so it holds across API processes
 * and restarts; requests read it through the credential cache, which database triggers keep in
 * step in every process.
 */
export function createSessionService(deps: {
  em: () => EntityManager;
  tokens: TokenService;
  accessTtlSeconds: number;
  credentials: Pick<CredentialStore, 'session'>;
  cache: Pick<CredentialCache, 'invalidate'>;
}) {
  const unscoped = { filters: { [TENANT_FILTER]: false } } as const;

  /**
   * The user behind an access token that is not revoked, not issued before its user's cutoff, and
   * whose user is still in the token's organization; no database round trip when cached.
   */
  async function activeUser(token: VerifiedToken): Promise<UserPrincipal & { role: Role }> {
    const { user, revoked } = await deps.credentials.session(token);
    if (revoked) throw new InvalidTokenError(TOKEN_REVOKED_DETAIL);
    if (!user || !isRole(user.role)) throw new InvalidTokenError();
    if (user.notBefore !== null && token.issuedAt.getTime() < user.notBefore) throw new InvalidTokenError(TOKEN_REVOKED_DETAIL);
    return user as UserPrincipal & { role: Role };
  }

  /** Throws unless the token is neither on the revocation list nor issued before its user's cutoff. */
  async function assertActive(token: VerifiedToken): Promise<void> {
    const [row] = await deps.em().execute<Array<{ revoked: boolean; not_before: Date | string | null }>>(
      `select exists (select 1 from revoked_tokens where jti = ?) as revoked,
              (select not_before from session_cutoffs where user_id = ?) as not_before`,
      [token.jti, token.userId],
    );
    if (!row) throw new InvalidTokenError();
    if (row.revoked) throw new InvalidTokenError(TOKEN_REVOKED_DETAIL);
    if (row.not_before != null && token.issuedAt.getTime() < new Date(row.not_before).getTime()) {
      throw new InvalidTokenError(TOKEN_REVOKED_DETAIL);
    }
  }

  /** Idempotent; also prunes rows whose token has expired anyway (cheap: indexed on expires_at). */
  async function revoke(jti: string, expiresAt: Date): Promise<void> {
    const em = deps.em();
    await em.execute('insert into revoked_tokens (jti, expires_at, created_at) values (?, ?, now()) on conflict (jti) do nothing', [jti, expiresAt]);
    await em.execute('delete from revoked_tokens where expires_at < now()', [], 'run');
    // The trigger tells every other process; this one must not wait for its own notification.
    deps.cache.invalidate([credentialTag.token(jti)]);
  }

  return {
    assertActive,
    activeUser,

    /** A new access token for a valid, unrevoked refresh token whose user still exists. */
    async refresh(refreshToken: string | undefined): Promise<RefreshResponse> {
      if (!refreshToken) throw new InvalidTokenError('Refresh token is required (body `refresh_token` or the refresh_token cookie)');
      const verified = await deps.tokens.verify(refreshToken, 'refresh');
      await assertActive(verified);
      const user = await deps.em().findOne(UserSchema, { id: verified.userId, organization: verified.organizationId }, unscoped);
      if (!user || !isRole(user.role)) throw new InvalidTokenError();
      // The role comes from the database, not the old token, so a role change applies on refresh.
      const access = await deps.tokens.issueAccessToken({ userId: user.id, organizationId: verified.organizationId, role: user.role });
      return { access_token: access.token, token_type: 'bearer', expires_in: deps.accessTtlSeconds };
    },

    /**
     * Revokes the presented access token and, when given, the caller's refresh token. A refresh
     * token that is invalid or belongs to someone else is ignored: logout still succeeds.
     */
    async logout(auth: AuthContext, refreshToken: string | undefined): Promise<{ message: string }> {
      requireUserSession(auth, 'Logout');
      if (auth.tokenId && auth.tokenExpiresAt) await revoke(auth.tokenId, auth.tokenExpiresAt);
      if (refreshToken) {
        const verified = await deps.tokens.verify(refreshToken, 'refresh').catch(() => undefined);
        if (verified && verified.userId === auth.userId) await revoke(verified.jti, verified.expiresAt);
      }
      return { message: 'Logged out' };
    },

    /**
     * Refuses every token of the user issued before now. JWT `iat` has whole seconds, so the
     * cutoff is rounded down: tokens issued later in this same second (the new session) stay valid.
     */
    async cutOff(userId: string): Promise<void> {
      const notBefore = new Date(Math.floor(Date.now() / 1000) * 1000);
      await deps.em().execute(
        'insert into session_cutoffs (user_id, not_before) values (?, ?) on conflict (user_id) do update set not_before = excluded.not_before',
        [userId, notBefore],
      );
      deps.cache.invalidate([credentialTag.user(userId)]);
    },
  };
}
