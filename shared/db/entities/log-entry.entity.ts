import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

/** One application log line submitted through `POST /logs`. */
export const LogEntryEntity = defineEntity({
  name: 'LogEntry',
  tableName: 'log_entries',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(OrganizationEntity),
    timestamp: p.datetime(),
    level: p.string().length(16),
    message: p.text(),
    service: p.string().length(200),
    attributes: p.json<Record<string, unknown>>().default('{}'),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type LogEntry = InferEntity<typeof LogEntryEntity>;
