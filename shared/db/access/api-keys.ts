import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiKeyEntity, type ApiKey } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';

/** An API key as stored, without its hash. */
export interface ApiKeyRecord {
  id: string;
  name: string;
  permissions: string[];
  prefix: string;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

export interface NewApiKey {
  createdBy: string;
  /** The key this one was minted with; revoking that key revokes this one. */
  createdByKeyId: string | null;
  name: string;
  keyHash: string;
  prefix: string;
  permissions: string[];
  expiresAt: Date | null;
}

/** Every read and write is confined to the organization given. */
export interface ApiKeyStore {
  /** The key, revoked or not. */
  find(organizationId: string, id: string): Promise<ApiKeyRecord | undefined>;
  findActive(organizationId: string, id: string): Promise<ApiKeyRecord | undefined>;
  /** Unrevoked keys, newest first. */
  listActive(organizationId: string, page: { limit: number; offset: number }): Promise<{ items: ApiKeyRecord[]; total: number }>;
  insert(organizationId: string, key: NewApiKey): Promise<ApiKeyRecord>;
  /**
   * Revokes the key and every key minted with it, recursively, in one statement; returns the ids it
   * revoked (none when it is not the organization's, or already revoked).
   */
  revokeFamily(organizationId: string, id: string): Promise<string[]>;
  /** Records when the key was last used. */
  touch(organizationId: string, id: string, at: Date): Promise<void>;
}

const record = (key: ApiKey): ApiKeyRecord => ({
  id: key.id,
  name: key.name,
  permissions: key.permissions,
  prefix: key.prefix,
  lastUsedAt: key.lastUsedAt ?? null,
  expiresAt: key.expiresAt ?? null,
  revokedAt: key.revokedAt ?? null,
  createdAt: key.createdAt,
});

/** Organizations' API keys (`api_keys`). */
export function createApiKeyStore(em: EntityManager): ApiKeyStore {
  return {
    async find(organizationId, id) {
      const key = await em.findOne(ApiKeyEntity, { id, organization: organizationId }, unscoped);
      return key ? record(key) : undefined;
    },

    async findActive(organizationId, id) {
      const key = await em.findOne(ApiKeyEntity, { id, organization: organizationId, revokedAt: null }, unscoped);
      return key ? record(key) : undefined;
    },

    async listActive(organizationId, page) {
      const [keys, total] = await em.findAndCount(
        ApiKeyEntity,
        { organization: organizationId, revokedAt: null },
        { ...unscoped, orderBy: { createdAt: 'desc', id: 'asc' }, limit: page.limit, offset: page.offset },
      );
      return { items: keys.map(record), total };
    },

    async insert(organizationId, key) {
      const created = em.create(ApiKeyEntity, { organization: organizationId, ...key });
      await em.flush();
      return record(created);
    },

    // Keys never cross organizations (a child is created in its parent's); the condition says so anyway.
    async revokeFamily(organizationId, id) {
      const revoked = await em.execute<Array<{ id: string }>>(
        `with recursive minted as (
           select id from api_keys where id = ? and organization_id = ?
           union
           select k.id from api_keys k join minted m on k.created_by_key_id = m.id where k.organization_id = ?
         )
         update api_keys set revoked_at = now() where id in (select id from minted) and revoked_at is null returning id`,
        [id, organizationId, organizationId],
      );
      return revoked.map((row) => row.id);
    },

    async touch(organizationId, id, at) {
      await em.execute('update api_keys set last_used_at = ? where id = ? and organization_id = ?', [at, id, organizationId], 'run');
    },
  };
}
