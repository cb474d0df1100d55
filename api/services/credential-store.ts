import type { VerifiedToken } from '../../shared/auth/tokens.ts';
import type { CredentialLookupStore, CredentialUserRow, Timestamp } from '../../shared/db/access/credentials.ts';
import type { PlanSource } from './rate-limit.service.ts';
import type { UserView } from '../schemas/auth.schemas.ts';
import { credentialTag, type CredentialCache } from './credential-cache.ts';

/** A user as every request needs them: role and organization for authorization, the view for `/auth/me`. */
export interface UserPrincipal {
  id: string;
  organizationId: string;
  role: string;
  /** Epoch ms before which the user's tokens are refused (password reset); null when never cut off. */
  notBefore: number | null;
  view: UserView;
}

/** An API key with what deciding on it needs; `lastUsedAt` is updated in place when written. */
export interface ApiKeyPrincipal {
  id: string;
  organizationId: string;
  creatorId: string;
  creatorRole: string;
  permissions: string[];
  revoked: boolean;
  expiresAt: number | null;
  lastUsedAt: number | null;
}

const epochMs = (value: Timestamp) => (value == null ? null : new Date(value).getTime());

function toUserPrincipal(row: CredentialUserRow): UserPrincipal {
  return {
    id: row.id,
    organizationId: row.organization_id,
    role: row.role,
    notBefore: epochMs(row.not_before),
    view: {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      organization_id: row.organization_id,
      email_verified: row.email_verified_at != null,
      created_at: new Date(row.created_at as Date | string).toISOString(),
    },
  };
}

export type CredentialStore = ReturnType<typeof createCredentialStore>;

/**
 * Read-through access to the rows every authenticated request needs, over the credential cache:
 * nothing reaches the database while the cache holds the answer. Nothing absent is cached (an
 * unknown key or user is looked up every time), so made-up credentials cannot fill the cache.
 * Queries run without the tenant filter: they run before any organization is known.
 */
export function createCredentialStore(deps: { lookups: () => CredentialLookupStore; cache: CredentialCache }) {
  const { cache } = deps;

  async function loadUser(
    userId: string,
    organizationId: string,
    token?: { jti: string; sessionId: string | null },
  ): Promise<{ user?: UserPrincipal; revoked: boolean }> {
    const { user, revoked } = await deps.lookups().user(organizationId, userId, token);
    return { user: user ? toUserPrincipal(user) : undefined, revoked };
  }

  const userKey = (userId: string) => `user:${userId}`;
  const rememberUser = (user: UserPrincipal, epoch: number) =>
    cache.set(userKey(user.id), user, [credentialTag.user(user.id), credentialTag.organization(user.organizationId)], epoch);

  return {
    /** The user of the organization, or undefined when they are not (or no longer) in it. */
    async user(userId: string, organizationId: string): Promise<UserPrincipal | undefined> {
      const cached = cache.get<UserPrincipal>(userKey(userId));
      if (cached) return cached.organizationId === organizationId ? cached : undefined;
      const epoch = cache.epoch;
      const { user } = await loadUser(userId, organizationId);
      if (user) rememberUser(user, epoch);
      return user;
    },

    /** A verified token's user and whether the token (or its session) is revoked; one query on a miss. */
    async session(token: VerifiedToken): Promise<{ user?: UserPrincipal; revoked: boolean }> {
      const tokenKey = `jti:${token.jti}`;
      const cachedUser = cache.get<UserPrincipal>(userKey(token.userId));
      const cachedRevoked = cache.get<boolean>(tokenKey);
      if (cachedUser && cachedRevoked !== undefined) {
        return { user: cachedUser.organizationId === token.organizationId ? cachedUser : undefined, revoked: cachedRevoked };
      }
      const epoch = cache.epoch;
      const sessionId = token.sessionId ?? null;
      const loaded = await loadUser(token.userId, token.organizationId, { jti: token.jti, sessionId });
      // A revocation is never undone, so a revoked entry is as safe to keep as an active one.
      cache.set(
        tokenKey,
        loaded.revoked,
        sessionId ? [credentialTag.token(token.jti), credentialTag.session(sessionId)] : [credentialTag.token(token.jti)],
        epoch,
      );
      if (loaded.user) rememberUser(loaded.user, epoch);
      return loaded;
    },

    /** The key with this SHA-256, revoked or not, with its creator's current role; undefined when unknown. */
    async apiKey(keyHash: string): Promise<ApiKeyPrincipal | undefined> {
      const cacheKey = `api_key:${keyHash}`;
      const cached = cache.get<ApiKeyPrincipal>(cacheKey);
      if (cached) return cached;
      const epoch = cache.epoch;
      const row = await deps.lookups().apiKeyByHashAcrossOrganizations(keyHash);
      if (!row) return undefined;
      const key: ApiKeyPrincipal = {
        id: row.id,
        organizationId: row.organization_id,
        creatorId: row.created_by_id,
        creatorRole: row.role,
        permissions: row.permissions,
        revoked: row.revoked_at != null,
        expiresAt: epochMs(row.expires_at),
        lastUsedAt: epochMs(row.last_used_at),
      };
      cache.set(
        cacheKey,
        key,
        [credentialTag.apiKey(key.id), credentialTag.user(key.creatorId), credentialTag.organization(key.organizationId)],
        epoch,
      );
      return key;
    },

    /** The plan of the organization behind the source; null when there is none (the default plan applies). */
    async plan(source: PlanSource): Promise<string | null> {
      if (source === null) return null;
      const cacheKey = 'organizationId' in source ? `plan:org:${source.organizationId}` : `plan:integration:${source.integrationId}`;
      const cached = cache.get<string>(cacheKey);
      if (cached !== undefined) return cached;
      const epoch = cache.epoch;
      const lookups = deps.lookups();
      const row = await ('organizationId' in source
        ? lookups.planOfOrganization(source.organizationId)
        : lookups.planOfIntegrationAcrossOrganizations(source.integrationId));
      if (!row) return null;
      cache.set(cacheKey, row.plan, [credentialTag.organization(row.organization_id)], epoch);
      return row.plan;
    },
  };
}
