import { randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { InvalidTokenError } from '../errors.ts';
import { isRole, type Role } from '../domain/permissions.ts';

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  userId: string;
  organizationId: string;
  role: Role;
  /** The session (refresh-token family) the token belongs to, claim `sid`; absent on tokens issued before sessions existed. */
  sessionId?: string;
  /** How the session was started, claim `auth_method`; absent on older tokens (password logins). */
  authMethod?: SessionAuthMethod;
}

/** How a user session began: `GET /auth/me` reports it (API keys report `api_key`). */
export type SessionAuthMethod = 'password' | 'sso';
const SESSION_AUTH_METHODS: readonly string[] = ['password', 'sso'];

export interface IssuedToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

export interface VerifiedToken extends TokenClaims {
  jti: string;
  type: TokenType;
  issuedAt: Date;
  expiresAt: Date;
}

export interface TokenServiceOptions {
  /** HMAC key; at least 32 bytes, since HS256 is only as strong as its key. */
  secret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  issuer?: string;
  /** Clock in epoch milliseconds; injected by tests to step over expiry deterministically. */
  now?: () => number;
}

export interface TokenService {
  issueAccessToken(claims: TokenClaims): Promise<IssuedToken>;
  /** `expiresAt`: a rotated refresh token keeps its session's end instead of starting a new lifetime. */
  /** `jti` re-issues an existing refresh token's identity (a concurrent refresh within its grace window). */
  issueRefreshToken(claims: TokenClaims, options?: { expiresAt?: Date; jti?: string }): Promise<IssuedToken>;
  /** Throws `InvalidTokenError`; its detail is exactly `Token has expired` for an authentic but expired token. */
  verify(token: string, expectedType: TokenType): Promise<VerifiedToken>;
}

export const TOKEN_EXPIRED_DETAIL = 'Token has expired';

const ALGORITHM = 'HS256';
const MIN_SECRET_BYTES = 32;
/** Tokens remembered as verified per process (a few hundred bytes each). */
const VERIFIED_CACHE_SIZE = 10_000;

export function createTokenService(options: TokenServiceOptions): TokenService {
  const key = new TextEncoder().encode(options.secret);
  if (key.length < MIN_SECRET_BYTES) {
    throw new Error(`Token secret must be at least ${MIN_SECRET_BYTES} bytes`);
  }
  for (const ttl of [options.accessTtlSeconds, options.refreshTtlSeconds]) {
    if (!Number.isInteger(ttl) || ttl <= 0) throw new Error('Token lifetimes must be positive integers of seconds');
  }
  const now = options.now ?? Date.now;
  const ttlOf: Record<TokenType, number> = { access: options.accessTtlSeconds, refresh: options.refreshTtlSeconds };

  async function issue(type: TokenType, claims: TokenClaims, fixedExpiry?: Date, fixedJti?: string): Promise<IssuedToken> {
    const issuedAt = Math.floor(now() / 1000);
    const expiresAt = fixedExpiry ? Math.floor(fixedExpiry.getTime() / 1000) : issuedAt + ttlOf[type];
    const jti = fixedJti ?? randomUUID();
    const builder = new SignJWT({
      org_id: claims.organizationId,
      role: claims.role,
      typ: type,
      ...(claims.sessionId ? { sid: claims.sessionId } : {}),
      ...(claims.authMethod ? { auth_method: claims.authMethod } : {}),
    })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.userId)
      .setJti(jti)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt);
    if (options.issuer) builder.setIssuer(options.issuer);
    return { token: await builder.sign(key), jti, expiresAt: new Date(expiresAt * 1000) };
  }

  // Verified tokens by their exact text: a request presenting the same bytes again skips the HMAC
  // and JSON work (claims cannot change without changing the signature). Expiry is rechecked on
  // every hit; revocation is not this function's concern (see the session service).
  const verified = new Map<string, VerifiedToken>();
  const remember = (cacheKey: string, result: VerifiedToken) => {
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
    verified.set(cacheKey, result);
  };

  async function verify(token: string, expectedType: TokenType): Promise<VerifiedToken> {
    const cacheKey = `${expectedType}:${token}`;
    const hit = verified.get(cacheKey);
    if (hit) {
      // jose's rule, in whole seconds: expired once exp <= now.
      if (hit.expiresAt.getTime() / 1000 > Math.floor(now() / 1000)) return hit;
      verified.delete(cacheKey);
      throw new InvalidTokenError(TOKEN_EXPIRED_DETAIL);
    }
    const result = await verifyWithJose(token, expectedType);
    remember(cacheKey, result);
    return result;
  }

  async function verifyWithJose(token: string, expectedType: TokenType): Promise<VerifiedToken> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, key, {
        // Pinned: without it a token could choose its own algorithm (the classic `alg: none` and
        // algorithm-confusion attacks).
        algorithms: [ALGORITHM],
        issuer: options.issuer,
        requiredClaims: ['sub', 'jti', 'iat', 'exp'],
        currentDate: new Date(now()),
        // jose's default tolerance is already 0; spelled out because expiry must be exact.
        clockTolerance: 0,
      }));
    } catch (error) {
      // jose checks the signature before the claims, so only an authentic token can reach this branch.
      if (error instanceof joseErrors.JWTExpired) throw new InvalidTokenError(TOKEN_EXPIRED_DETAIL);
      throw new InvalidTokenError();
    }
    const { sub, org_id: organizationId, role, typ, jti, iat, exp, sid, auth_method: authMethod } = payload;
    if (
      typeof sub !== 'string' ||
      sub === '' ||
      typeof organizationId !== 'string' ||
      organizationId === '' ||
      !isRole(role) ||
      typ !== expectedType ||
      typeof jti !== 'string' ||
      jti === '' ||
      typeof iat !== 'number' ||
      typeof exp !== 'number' ||
      (sid !== undefined && (typeof sid !== 'string' || sid === '')) ||
      (authMethod !== undefined && (typeof authMethod !== 'string' || !SESSION_AUTH_METHODS.includes(authMethod)))
    ) {
      throw new InvalidTokenError();
    }
    return {
      userId: sub,
      organizationId,
      role,
      ...(typeof sid === 'string' ? { sessionId: sid } : {}),
      ...(typeof authMethod === 'string' ? { authMethod: authMethod as SessionAuthMethod } : {}),
      jti,
      type: expectedType,
      issuedAt: new Date(iat * 1000),
      expiresAt: new Date(exp * 1000),
    };
  }

  return {
    issueAccessToken: (claims) => issue('access', claims),
    issueRefreshToken: (claims, options) => issue('refresh', claims, options?.expiresAt, options?.jti),
    verify,
  };
}
