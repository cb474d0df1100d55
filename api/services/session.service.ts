import { randomUUID } from 'node:crypto';
import { TOKEN_EXPIRED_DETAIL, type TokenClaims, type TokenService, type VerifiedToken } from '../../shared/auth/tokens.ts';
import type { SessionStore } from '../../shared/db/access/sessions.ts';
import { readSettings } from '../../shared/domain/organization-settings.ts';
import { isRole, type Role } from '../../shared/domain/permissions.ts';
import { AppError, InvalidTokenError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import { credentialTag, type CredentialCache } from './credential-cache.ts';
import type { CredentialStore, UserPrincipal } from './credential-store.ts';

export const TOKEN_REVOKED_DETAIL = 'Token has been revoked';

export interface RefreshResponse {
  access_token: string;
  /** The rotated refresh token: the one presented is spent. */
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
}

export interface SessionTokens {
  access_token: string;
  refresh_token: string;
}

export const REFRESH_REUSED_DETAIL = 'Refresh token was already used; the session has ended';
export const SSO_REQUIRED_SESSION_DETAIL = 'Your organization requires single sign-on: this password session has ended';

/**
 * Whether the organization's `sso_required` refuses this user a password session (owners keep
 * theirs: the way back in when the identity provider fails). The organization must be loaded.
 */
export function ssoRequiredFor(user: { role: string; organization: { settings: unknown } }): boolean {
  return user.role !== 'owner' && readSettings(user.organization.settings).sso_required;
}

/**
 * How long the refresh token a session just rotated away from stays good for a concurrent refresh
 * (two tabs sharing the cookie): the late one gets the winner's refresh token again, so both end
 * on the session's current token. Past it, a spent token is reuse and ends the session.
 */
export const CONCURRENT_REFRESH_GRACE_SECONDS = 10;

/** Session-only actions (logout, password change...) refuse API keys: a key is not a session. */
export function requireUserSession(auth: AuthContext, action: string): void {
  if (auth.kind !== 'user') {
    throw new AppError('INSUFFICIENT_PERMISSIONS', `${action} needs a user session; API keys cannot do it`);
  }
}

export type SessionService = ReturnType<typeof createSessionService>;

/**
 * JWT sessions beyond signature checks: the persisted revocation list (logout), per-user cutoffs
 * (password reset, logout everywhere), and sessions as refresh-token families: login starts one,
 * every refresh rotates its refresh token, and presenting a spent one (a stolen copy, or the
 * victim after the thief) revokes the whole family, access tokens included. Everything lives in
 * PostgreSQL, so it holds across API processes and restarts; requests read it through the
 * credential cache, which database triggers keep in step in every process.
 */
export function createSessionService(deps: {
  sessions: () => SessionStore;
  tokens: TokenService;
  accessTtlSeconds: number;
  credentials: Pick<CredentialStore, 'session'>;
  cache: Pick<CredentialCache, 'invalidate'>;
}) {
  /**
   * The user behind an access token that is not revoked (nor its session), not issued before its
   * user's cutoff, and whose user is still in the token's organization; no database round trip when cached.
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
    const standing = await deps.sessions().tokenStanding(token.jti, token.userId);
    if (standing.revoked) throw new InvalidTokenError(TOKEN_REVOKED_DETAIL);
    if (standing.notBefore !== null && token.issuedAt.getTime() < standing.notBefore.getTime()) {
      throw new InvalidTokenError(TOKEN_REVOKED_DETAIL);
    }
  }

  /** Idempotent; also prunes rows whose token has expired anyway (cheap: indexed on expires_at). */
  async function revoke(jti: string, expiresAt: Date): Promise<void> {
    await deps.sessions().revokeToken(jti, expiresAt);
    // The trigger tells every other process; this one must not wait for its own notification.
    deps.cache.invalidate([credentialTag.token(jti)]);
  }

  /** Revokes the user's sessions (all, or all but `keep`); their access and refresh tokens stop working everywhere. */
  async function revokeSessions(userId: string, which: { only: string[] } | { allBut: string | null }): Promise<number> {
    const ids = await deps.sessions().revokeSessions(userId, which);
    if (ids.length > 0) deps.cache.invalidate(ids.map((id) => credentialTag.session(id)));
    return ids.length;
  }

  /** A new session (refresh-token family) with its first pair of tokens. */
  async function start(claims: TokenClaims): Promise<SessionTokens> {
    const sessionId = randomUUID();
    const withSession = { ...claims, sessionId };
    const [access, refresh] = await Promise.all([deps.tokens.issueAccessToken(withSession), deps.tokens.issueRefreshToken(withSession)]);
    await deps.sessions().insertSession({
      id: sessionId,
      userId: claims.userId,
      jti: refresh.jti,
      expiresAt: refresh.expiresAt,
      authMethod: claims.authMethod ?? 'password',
    });
    return { access_token: access.token, refresh_token: refresh.token };
  }

  return {
    activeUser,
    start,

    /**
     * Rotates: a new access token and a new refresh token (same session, same end) for the
     * session's current refresh token. A spent one revokes the session: whoever holds the other
     * copy is cut off too, and the rightful user signs in again.
     */
    async refresh(refreshToken: string | undefined): Promise<RefreshResponse> {
      if (!refreshToken) throw new InvalidTokenError('Refresh token is required (body `refresh_token` or the refresh_token cookie)');
      const verified = await deps.tokens.verify(refreshToken, 'refresh');
      await assertActive(verified);
      const user = await deps.sessions().findUser(verified.organizationId, verified.userId);
      if (!user || !isRole(user.role)) throw new InvalidTokenError();
      // A password session that sso_required now applies to (turned on since, or its owner demoted) ends here.
      if ((verified.authMethod ?? 'password') === 'password' && ssoRequiredFor(user)) {
        if (verified.sessionId) await revokeSessions(user.id, { only: [verified.sessionId] });
        throw new InvalidTokenError(SSO_REQUIRED_SESSION_DETAIL);
      }
      // The role comes from the database, not the old token, so a role change applies on refresh.
      // The way the session began stays with it through every rotation.
      const claims = {
        userId: user.id,
        organizationId: verified.organizationId,
        role: user.role,
        ...(verified.authMethod ? { authMethod: verified.authMethod } : {}),
      };
      let tokens: SessionTokens;
      if (verified.sessionId) {
        const sessionId = verified.sessionId;
        const [access, refresh] = await Promise.all([
          deps.tokens.issueAccessToken({ ...claims, sessionId }),
          deps.tokens.issueRefreshToken({ ...claims, sessionId }, { expiresAt: verified.expiresAt }),
        ]);
        // One statement: of two refreshes racing with the same token, exactly one rotates.
        const rotated = await deps.sessions().rotate({ id: sessionId, userId: user.id, fromJti: verified.jti, toJti: refresh.jti });
        if (!rotated) {
          // One look at the session tells the three failures apart.
          const session = await deps
            .sessions()
            .state({ id: sessionId, userId: user.id, presentedJti: verified.jti, graceSeconds: CONCURRENT_REFRESH_GRACE_SECONDS });
          if (session?.racing) {
            const again = await deps.tokens.issueRefreshToken(
              { ...claims, sessionId },
              { expiresAt: verified.expiresAt, jti: session.current_jti },
            );
            return { access_token: access.token, refresh_token: again.token, token_type: 'bearer', expires_in: deps.accessTtlSeconds };
          }
          // The token's own expiry passed between its check (whole seconds) and the statement's `now()`:
          // the session ran out, it was not copied.
          if (session?.ended) throw new InvalidTokenError(TOKEN_EXPIRED_DETAIL);
          // A live session whose current token is another one: this token was spent, so it is a copy.
          const reused = (await revokeSessions(user.id, { only: [sessionId] })) > 0;
          throw new InvalidTokenError(reused ? REFRESH_REUSED_DETAIL : TOKEN_REVOKED_DETAIL);
        }
        tokens = { access_token: access.token, refresh_token: refresh.token };
      } else {
        // A refresh token from before sessions existed: spend it (once) and start a session.
        if (!(await deps.sessions().spendToken(verified.jti, verified.expiresAt))) throw new InvalidTokenError(TOKEN_REVOKED_DETAIL);
        tokens = await start(claims);
      }
      return { ...tokens, token_type: 'bearer', expires_in: deps.accessTtlSeconds };
    },

    /**
     * Ends the caller's session: revokes the presented access token, the session it belongs to
     * (every token of it) and, when given, the caller's refresh token and its session. A refresh
     * token that is invalid or belongs to someone else is ignored: logout still succeeds.
     */
    async logout(auth: AuthContext, refreshToken: string | undefined): Promise<{ message: string }> {
      requireUserSession(auth, 'Logout');
      if (auth.tokenId && auth.tokenExpiresAt) await revoke(auth.tokenId, auth.tokenExpiresAt);
      const sessions = auth.sessionId ? [auth.sessionId] : [];
      if (refreshToken) {
        const verified = await deps.tokens.verify(refreshToken, 'refresh').catch(() => undefined);
        if (verified && verified.userId === auth.userId) {
          await revoke(verified.jti, verified.expiresAt);
          if (verified.sessionId && !sessions.includes(verified.sessionId)) sessions.push(verified.sessionId);
        }
      }
      await revokeSessions(auth.userId, { only: sessions });
      return { message: 'Logged out' };
    },

    /** Ends every session of the caller, this one included, in every API process. */
    async logoutAll(auth: AuthContext): Promise<{ message: string }> {
      requireUserSession(auth, 'Logging out everywhere');
      await cutOff(auth.userId);
      return { message: 'Logged out of every session' };
    },

    /**
     * Ends the password sessions (and those from before sessions recorded how they began) of every
     * member of the organization but its owners: `sso_required` was just turned on.
     */
    async endPasswordSessions(organizationId: string): Promise<number> {
      const ids = await deps.sessions().revokePasswordSessions(organizationId);
      if (ids.length > 0) deps.cache.invalidate(ids.map((id) => credentialTag.session(id)));
      return ids.length;
    },

    /** Ends every session of the user but `keep` (the caller's, after a password change). */
    async endOtherSessions(userId: string, keep: string | null): Promise<void> {
      await revokeSessions(userId, { allBut: keep });
    },

    cutOff,
  };

  /**
   * Refuses every token of the user issued before now and revokes every session. JWT `iat` has
   * whole seconds, so the cutoff is rounded down: tokens issued later in this same second (the new
   * session) stay valid, while the earlier sessions are revoked outright.
   */
  async function cutOff(userId: string): Promise<void> {
    const notBefore = new Date(Math.floor(Date.now() / 1000) * 1000);
    await deps.sessions().setCutoff(userId, notBefore);
    deps.cache.invalidate([credentialTag.user(userId)]);
    await revokeSessions(userId, { allBut: null });
  }
}
