import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';
import { UserEntity } from './user.entity.ts';

export const ACCOUNT_TOKEN_PURPOSES = ['password_reset', 'email_verification'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * A single-use token mailed to a user (password reset, email verification). Only its SHA-256 is
 * stored; `usedAt` is set atomically on use. Lookups by hash happen before any organization is
 * known and turn the tenant filter off explicitly.
 */
export const AccountTokenEntity = defineEntity({
  name: 'AccountToken',
  tableName: 'account_tokens',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(OrganizationEntity).index(),
    user: () => p.manyToOne(UserEntity).index().deleteRule('cascade'),
    purpose: p.string().length(32).$type<AccountTokenPurpose>(),
    tokenHash: p.string().length(64).unique().hidden(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type AccountToken = InferEntity<typeof AccountTokenEntity>;
