import { generateApiKey, hashApiKey, looksLikeApiKey } from '../../shared/auth/api-keys.ts';
import type { ApiKeyRecord, ApiKeyStore } from '../../shared/db/access/api-keys.ts';
import {
  ALL_PERMISSIONS,
  hasPermission,
  isRole,
  permissionsForRole,
  ungrantablePermissions,
  type Role,
} from '../../shared/domain/permissions.ts';
import { AppError, InvalidApiKeyError, NotFoundError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { ApiKeyView, CreatedApiKeyView } from '../schemas/api-key.schemas.ts';
import { credentialTag, type CredentialCache } from './credential-cache.ts';
import type { CredentialStore } from './credential-store.ts';

const view = (key: ApiKeyRecord): ApiKeyView => ({
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

// A cached key's grants by its creator's role, worked out once: the key's permission list is the
// cached principal's own array, replaced (never changed) when the key or its creator's role is.
const effectiveByKeyPermissions = new WeakMap<readonly string[], Map<Role, readonly string[]>>();

function cachedEffectiveKeyPermissions(keyPermissions: readonly string[], role: Role): readonly string[] {
  let byRole = effectiveByKeyPermissions.get(keyPermissions);
  if (!byRole) effectiveByKeyPermissions.set(keyPermissions, (byRole = new Map()));
  let effective = byRole.get(role);
  if (!effective) byRole.set(role, (effective = Object.freeze(effectiveKeyPermissions(keyPermissions, permissionsForRole(role)))));
  return effective;
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;

/** API keys of an organization: create (shown once), list, revoke, and resolve a presented key. */
export function createApiKeyService(deps: {
  keys: () => ApiKeyStore;
  credentials: Pick<CredentialStore, 'apiKey'>;
  cache: Pick<CredentialCache, 'invalidate'>;
}) {
  return {
    async create(auth: AuthContext, input: { name: string; permissions: string[]; expires_at?: string }): Promise<CreatedApiKeyView> {
      const permissions = [...new Set(input.permissions)];
      const refused = ungrantablePermissions(auth.permissions, permissions);
      if (refused.length > 0) {
        throw new AppError('INSUFFICIENT_PERMISSIONS', `A key cannot hold permissions its creator lacks: ${refused.join(', ')}`, {
          fields: { ungrantable_permissions: refused },
        });
      }
      const generated = generateApiKey();
      const keys = deps.keys();
      // A key minted by a key is its child: revoked with it, and never living past it.
      const parentId = auth.kind === 'api_key' ? auth.apiKeyId : null;
      let expiresAt = input.expires_at ? new Date(input.expires_at) : null;
      if (parentId) {
        const parent = await keys.find(auth.organizationId, parentId);
        // The key this request authenticated with: gone only if its creator was removed meanwhile.
        if (!parent) throw new Error(`API key ${parentId} is gone`);
        if (parent.expiresAt && (expiresAt === null || expiresAt > parent.expiresAt)) expiresAt = parent.expiresAt;
      }
      const key = await keys.insert(auth.organizationId, {
        createdBy: auth.userId,
        createdByKeyId: parentId,
        name: input.name,
        keyHash: generated.hash,
        prefix: generated.prefix,
        permissions,
        expiresAt,
      });
      return { ...view(key), api_key: generated.key };
    },

    /** Active (unrevoked) keys of the caller's organization, newest first. */
    async list(auth: AuthContext, page: { limit: number; offset: number }) {
      const { items, total } = await deps.keys().listActive(auth.organizationId, page);
      return { items: items.map(view), total };
    },

    /**
     * Revokes the key and every key minted with it, recursively, in one statement; takes effect on
     * the very next request, in every API process (see credential-cache.ts).
     */
    async revoke(auth: AuthContext, id: string): Promise<void> {
      const keys = deps.keys();
      if (!(await keys.findActive(auth.organizationId, id))) throw new NotFoundError('API key');
      const revoked = await keys.revokeFamily(auth.organizationId, id);
      deps.cache.invalidate([id, ...revoked].map((keyId) => credentialTag.apiKey(keyId)));
    },

    /**
     * Resolves an `X-API-Key` value, before any organization is known; throws INVALID_API_KEY. No
     * database round trip when the key is cached, except to record `last_used_at` once a minute.
     */
    async authenticate(presented: string): Promise<AuthContext> {
      if (!looksLikeApiKey(presented)) throw new InvalidApiKeyError();
      const key = await deps.credentials.apiKey(hashApiKey(presented));
      if (!key || key.revoked || !isRole(key.creatorRole)) throw new InvalidApiKeyError();
      const now = Date.now();
      if (key.expiresAt !== null && key.expiresAt <= now) throw new InvalidApiKeyError('API key has expired');
      if (key.lastUsedAt === null || now - key.lastUsedAt >= LAST_USED_RESOLUTION_MS) {
        key.lastUsedAt = now;
        await deps.keys().touch(key.organizationId, key.id, new Date(now));
      }
      return {
        kind: 'api_key',
        organizationId: key.organizationId,
        userId: key.creatorId,
        apiKeyId: key.id,
        role: key.creatorRole,
        permissions: cachedEffectiveKeyPermissions(key.permissions, key.creatorRole),
        tokenId: null,
        tokenExpiresAt: null,
      };
    },
  };
}
