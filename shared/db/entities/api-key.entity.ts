import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';
import { UserEntity } from './user.entity.ts';

/**
 * A long-lived credential of one organization. Only the SHA-256 of the key is stored; `prefix`
 * (the first characters) lets people tell keys apart. Removing the creating user removes the key,
 * since a key never holds more than its creator; likewise a key minted by another key goes with it.
 */
export const ApiKeyEntity = defineEntity({
  name: 'ApiKey',
  tableName: 'api_keys',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(OrganizationEntity).index(),
    createdBy: () => p.manyToOne(UserEntity).index().deleteRule('cascade'),
    /** The key this one was created with; revoking that key revokes this one (api-key.service.ts). */
    createdByKeyId: p.uuid().nullable().index(),
    name: p.string().length(200),
    keyHash: p.string().length(64).unique().hidden(),
    prefix: p.string().length(32),
    permissions: p.json<string[]>(),
    lastUsedAt: p.datetime().nullable(),
    expiresAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type ApiKey = InferEntity<typeof ApiKeyEntity>;
