import type { EntityManager } from '@mikro-orm/postgresql';
import { generateApiKey, hashApiKey, looksLikeApiKey } from '../../shared/auth/api-keys.ts';
import { ApiKeySchema, UserSchema, type ApiKey } from '../../shared/db/entities/index.ts';
import { TENANT_FILTER } from '../../shared/db/tenant-filter.ts';
import { ALL_PERMISSIONS, hasPermission, isRole, permissionsForRole, ungrantablePermissions } from '../../shared/domain/permissions.ts';
import { AppError, InvalidApiKeyError, NotFoundError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';

export interface ApiKeyView {
  id: string;
  name: string;
  permissions: string[];
  prefix: string;
  last_used_at: string | null;
  expires_at: string | null;
  created_at: string;
}

const view = (key: ApiKey): ApiKeyView => ({
  id: key.id,
  name: key.name,
  permissions: key.permissions,
  prefix: key.prefix,
  last_used_at: key.lastUsedAt?.toISOString() ?? null,
  expires_at: key.expiresAt?.toISOString() ?? null,
  created_at: key.createdAt.toISOString(),
});

/** `last_used_at` is written at most this often per key, not on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * What a key may do: the permissions both the key and its creator's current role cover, spelled
 * out over the finite permission set (so `incidents:*` on the key and `incidents:read` on the role
 * give exactly `incidents:read`). A demoted creator takes their keys down with them.
 */
export function effectiveKeyPermissions(keyPermissions: readonly string[], rolePermissions: readonly string[]): string[] {
  return ALL_PERMISSIONS.filter((permission) => hasPermission(keyPermissions, permission) && hasPermission(rolePermissions, permission));
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;

/** API keys of an organization: create (shown once), list, revoke, and resolve a presented key. */
export function createApiKeyService(deps: { em: () => EntityManager }) {
  const unscoped = { filters: { [TENANT_FILTER]: false } } as const;

  return {
    async create(auth: AuthContext, input: { name: string; permissions: string[]; expires_at?: string }): Promise<ApiKeyView & { api_key: string }> {
      const permissions = [...new Set(input.permissions)];
      const refused = ungrantablePermissions(auth.permissions, permissions);
      if (refused.length > 0) {
        throw new AppError('INSUFFICIENT_PERMISSIONS', `A key cannot hold permissions its creator lacks: ${refused.join(', ')}`, {
          fields: { ungrantable_permissions: refused },
        });
      }
      const generated = generateApiKey();
      const em = deps.em();
      const key = em.create(ApiKeySchema, {
        organization: auth.organizationId,
        createdBy: auth.userId,
        name: input.name,
        keyHash: generated.hash,
        prefix: generated.prefix,
        permissions,
        expiresAt: input.expires_at ? new Date(input.expires_at) : null,
      });
      await em.flush();
      return { ...view(key), api_key: generated.key };
    },

    /** Active (unrevoked) keys of the caller's organization, newest first. */
    async list(_auth: AuthContext, page: { limit: number; offset: number }) {
      const [keys, total] = await deps.em().findAndCount(
        ApiKeySchema,
        { revokedAt: null },
        { orderBy: { createdAt: 'desc', id: 'asc' }, limit: page.limit, offset: page.offset },
      );
      return { items: keys.map(view), total };
    },

    /** Takes effect on the very next request: every request looks the key up. */
    async revoke(_auth: AuthContext, id: string): Promise<void> {
      const em = deps.em();
      const key = await em.findOne(ApiKeySchema, { id, revokedAt: null });
      if (!key) throw new NotFoundError('API key');
      key.revokedAt = new Date();
      await em.flush();
    },

    /** Resolves an `X-API-Key` value, before any organization is known; throws INVALID_API_KEY. */
    async authenticate(presented: string): Promise<AuthContext> {
      if (!looksLikeApiKey(presented)) throw new InvalidApiKeyError();
      const em = deps.em();
      const key = await em.findOne(ApiKeySchema, { keyHash: hashApiKey(presented) }, unscoped);
      if (!key || key.revokedAt) throw new InvalidApiKeyError();
      const now = new Date();
      if (key.expiresAt && key.expiresAt <= now) throw new InvalidApiKeyError('API key has expired');
      const organizationId = key.organization.id;
      const creator = await em.findOne(UserSchema, { id: key.createdBy.id, organization: organizationId }, unscoped);
      if (!creator || !isRole(creator.role)) throw new InvalidApiKeyError();
      if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
        key.lastUsedAt = now;
        await em.flush();
      }
      return {
        kind: 'api_key',
        organizationId,
        userId: creator.id,
        apiKeyId: key.id,
        role: creator.role,
        permissions: effectiveKeyPermissions(key.permissions, permissionsForRole(creator.role)),
        tokenId: null,
        tokenExpiresAt: null,
      };
    },
  };
}
