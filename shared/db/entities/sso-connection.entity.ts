import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Role } from '../../domain/permissions.ts';
import type { SsoKind } from '../../domain/sso.ts';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

/** An organization's identity provider (OIDC or SAML 2.0); `kind` picks the protocol and preset. */
export const SsoConnectionEntity = defineEntity({
  name: 'SsoConnection',
  tableName: 'sso_connections',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(OrganizationEntity).index(),
    name: p.string().length(200),
    kind: p.string().length(16).$type<SsoKind>(),
    /** Lowercase email domains; each is also a row of `sso_domains`, unique across organizations. */
    domains: p.json<string[]>().default('[]'),
    defaultRole: p.string().length(32).$type<Role>(),
    enabled: p.boolean().default(true),
    /** Everything but secrets (issuer, client id, IdP certificate...). */
    config: p.json<Record<string, unknown>>().default('{}'),
    /** AES-GCM sealed JSON (shared/crypto/secret-box.ts) of the write-only fields. */
    secretsCiphertext: p.text().nullable().hidden(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type SsoConnection = InferEntity<typeof SsoConnectionEntity>;
