import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { GroupingSettings } from '../../domain/alert-grouping.ts';
import type { FlappingSettings } from '../../domain/flapping.ts';
import type { Platform } from '../../domain/alert.ts';
import type { IntegrationStatus } from '../../domain/delivery.ts';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

/** A configured connection to a monitoring platform; its id is the `integration_id` of webhook URLs. */
export const IntegrationEntity = defineEntity({
  name: 'Integration',
  tableName: 'integrations',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(OrganizationEntity).index(),
    name: p.string().length(200),
    platform: p.string().length(32).$type<Platform>(),
    status: p.string().length(16).$type<IntegrationStatus>().default('disconnected'),
    enabled: p.boolean().default(true),
    /** AES-GCM sealed (shared/crypto/secret-box.ts), never the plain secret. */
    secretCiphertext: p.text().hidden(),
    /** The secret before the last rotation, accepted until `previousSecretExpiresAt`. */
    previousSecretCiphertext: p.text().nullable().hidden(),
    previousSecretExpiresAt: p.datetime().nullable(),
    webhookConfig: p.json<Record<string, unknown>>().nullable(),
    settings: p.json<Record<string, unknown>>().default('{}'),
    /** generic_json only: the JSONata template that maps a body to alerts (compiled before it is stored). */
    mappingTemplate: p.text().nullable(),
    consecutiveFailures: p.integer().default(0),
    /** Set when repeated failed deliveries (or a person) paused outbound webhooks; inbound keeps working. */
    deliveriesPausedAt: p.datetime().nullable(),
    lastAlertAt: p.datetime().nullable(),
    /** The policy its incidents page through; none: the organization's default policy, if any. */
    escalationPolicyId: p.uuid().nullable(),
    /** The owning team; null: the organization's. */
    teamId: p.uuid().nullable(),
    /** How its alerts gather into incidents (docs/user-guide/grouping.md); null: one incident per alert key. */
    grouping: p.json<GroupingSettings>().nullable(),
    /** Flap detection of its incidents; null: off. */
    flapping: p.json<FlappingSettings>().nullable(),
    /** Minutes after its incident resolves in which a firing alert reopens it; null: the flap window, if any (else never). */
    reopenWindowMinutes: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type Integration = InferEntity<typeof IntegrationEntity>;
