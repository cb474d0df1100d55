import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A JWT refused before its expiry (logout). Keyed by the token's `jti`, which is a random UUID
 * across all organizations, so the table is not tenant-owned: the authenticator reads it before
 * any organization is known. Rows are useless once `expiresAt` has passed and are pruned.
 */
export const RevokedTokenEntity = defineEntity({
  name: 'RevokedToken',
  tableName: 'revoked_tokens',
  properties: {
    jti: p.string().length(64).primary(),
    expiresAt: p.datetime().index(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type RevokedToken = InferEntity<typeof RevokedTokenEntity>;
