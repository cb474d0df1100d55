import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { uuidv7 } from '../../uuidv7.ts';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

/**
 * One attempt of an outbound webhook delivery (a `delivery:<event>:<integration>` workflow makes up
 * to three). Unique per event, integration and attempt, so a retried activity overwrites its own row.
 * `final` marks the attempt that decided the delivery and was counted toward consecutive failures.
 */
export const WebhookDeliveryEntity = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  filters: tenantFilter(),
  uniques: [{ name: 'webhook_deliveries_attempt_unique', properties: ['eventId', 'integrationId', 'attempt'] }],
  indexes: [{ name: 'webhook_deliveries_integration_created_index', properties: ['integrationId', 'createdAt'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => uuidv7()),
    organization: () => p.manyToOne(OrganizationEntity),
    integrationId: p.uuid(),
    eventId: p.uuid(),
    eventType: p.string().length(64),
    attempt: p.integer(),
    success: p.boolean(),
    statusCode: p.integer().nullable(),
    error: p.text().nullable(),
    durationMs: p.integer(),
    final: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type WebhookDelivery = InferEntity<typeof WebhookDeliveryEntity>;
