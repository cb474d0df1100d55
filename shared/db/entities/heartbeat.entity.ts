import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Severity } from '../../domain/alert.ts';
import type { HeartbeatStatus } from '../../domain/heartbeat.ts';
import { uuidv7 } from '../../uuidv7.ts';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

/**
 * A dead man's switch: pinged at least every `periodSeconds` (plus `graceSeconds`), else an alert
 * of `integrationId` opens an incident. `status` and `lapseCount` belong to its workflow.
 */
export const HeartbeatEntity = defineEntity({
  name: 'Heartbeat',
  tableName: 'heartbeats',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => uuidv7()),
    organization: () => p.manyToOne(OrganizationEntity),
    integrationId: p.uuid(),
    name: p.string().length(200),
    description: p.text().nullable(),
    periodSeconds: p.integer(),
    graceSeconds: p.integer(),
    severity: p.string().length(16).$type<Severity>(),
    title: p.string().length(500).nullable(),
    /** The Alertmanager alert (`labels.alertname`) that counts as a ping when posted to the ping URL. */
    alertName: p.string().length(200),
    tokenHash: p.string().length(64).unique(),
    status: p.string().length(8).$type<HeartbeatStatus>().default('up'),
    /** Lapses so far; the n-th lapse's alerts are keyed by n, so a retried write counts once. */
    lapseCount: p.integer().default(0),
    /** Where the first period counts from: creation, or the last change of period or grace before any ping. */
    armedAt: p.datetime(),
    lastPingAt: p.datetime().nullable(),
    lapsedAt: p.datetime().nullable(),
    createdById: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type Heartbeat = InferEntity<typeof HeartbeatEntity>;
