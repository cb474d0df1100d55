import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Role } from '../../domain/permissions.ts';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

export const UserEntity = defineEntity({
  name: 'User',
  tableName: 'users',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(OrganizationEntity).index(),
    email: p.string().length(320).unique(),
    name: p.string().length(200),
    role: p.string().length(32).$type<Role>(),
    passwordHash: p.string().length(255).hidden(),
    emailVerifiedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type User = InferEntity<typeof UserEntity>;
