import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { AlertStatus, Platform, Severity } from '../../domain/alert.ts';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

/** Every alert received, as sent and as understood; its id is the API's receipt id (idempotency key). */
export const AlertEntity = defineEntity({
  name: 'Alert',
  tableName: 'alerts',
  filters: tenantFilter(),
  properties: {
    id: p.uuid().primary(),
    organization: () => p.manyToOne(OrganizationEntity),
    integrationId: p.uuid().index(),
    incidentId: p.uuid().nullable().index(),
    platform: p.string().length(32).$type<Platform>(),
    externalId: p.string().length(500).nullable(),
    dedupKey: p.string().length(200),
    title: p.string().length(500),
    severity: p.string().length(16).$type<Severity>(),
    status: p.string().length(16).$type<AlertStatus>(),
    host: p.string().length(500).nullable(),
    labels: p.json<Record<string, string>>().default('{}'),
    links: p.json<Record<string, string>>().default('{}'),
    raw: p.json<unknown>(),
    occurredAt: p.datetime().nullable(),
    receivedAt: p.datetime(),
    /** The delivery and the alert's place in it (api/services/alert-receipt.ts): how a retry in another time bucket is recognised. */
    receiptKey: p.string().length(64).nullable(),
    /** The silence or maintenance window that muted this alert (it opened no incident, paged no one). */
    silencedBy: p.uuid().nullable(),
    /** `silence` or `maintenance_window`, beside `silencedBy`. */
    silencedKind: p.string().length(32).nullable(),
    processedAt: p.datetime().onCreate(() => new Date()),
  },
});

export type Alert = InferEntity<typeof AlertEntity>;
