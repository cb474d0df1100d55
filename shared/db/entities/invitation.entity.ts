import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Role } from '../../domain/permissions.ts';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

/**
 * An invitation to join an organization with a role. Only the SHA-256 of its emailed token is
 * stored; it is pending until accepted, revoked or past `expiresAt`.
 */
export const InvitationEntity = defineEntity({
  name: 'Invitation',
  tableName: 'invitations',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(OrganizationEntity).index(),
    email: p.string().length(320),
    role: p.string().length(32).$type<Role>(),
    tokenHash: p.string().length(64).unique().hidden(),
    invitedBy: p.uuid(),
    expiresAt: p.datetime(),
    acceptedAt: p.datetime().nullable(),
    acceptedUserId: p.uuid().nullable(),
    revokedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type Invitation = InferEntity<typeof InvitationEntity>;
