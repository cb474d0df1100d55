import { raw, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LogEntryEntity, type LogEntry } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';

/** A filter for log entry queries: full-text match of the message (websearch syntax), the expression the migration's GIN index covers. */
function logMessageMatches(text: string): Record<string, unknown> {
  return { [raw((alias) => `(to_tsvector('english', ${alias}.message) @@ websearch_to_tsquery('english', ?))`, [text])]: true };
}

/** An application log line as stored. */
export interface LogEntryRecord {
  id: string;
  timestamp: Date;
  level: string;
  message: string;
  service: string;
  attributes: Record<string, unknown>;
}

export type LogEntryFields = Omit<LogEntryRecord, 'id'>;

/** Which lines a listing returns: each given criterion narrows it. */
export interface LogEntryFilter {
  level?: string;
  service?: string;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
  /** Full-text match of the message (websearch syntax). */
  text?: string;
}

/** Every read and write is confined to the organization given. */
export interface LogEntryStore {
  /** All of them or none; their ids in the order given. */
  insertAll(organizationId: string, entries: readonly LogEntryFields[]): Promise<string[]>;
  /** Newest first. */
  list(
    organizationId: string,
    filter: LogEntryFilter,
    page: { limit: number; offset: number },
  ): Promise<{ items: LogEntryRecord[]; total: number }>;
}

const logRecord = (entry: LogEntry): LogEntryRecord => ({
  id: entry.id,
  timestamp: entry.timestamp,
  level: entry.level,
  message: entry.message,
  service: entry.service,
  attributes: entry.attributes,
});

/** The organization's application logs (`log_entries`). */
export function createLogEntryStore(em: EntityManager): LogEntryStore {
  return {
    async insertAll(organizationId, entries) {
      const created = entries.map((entry) => em.create(LogEntryEntity, { organization: organizationId, ...entry }));
      await em.flush();
      return created.map((entry) => entry.id);
    },

    async list(organizationId, filter, page) {
      const where: FilterQuery<LogEntry> & Record<string, unknown> = { organization: organizationId };
      if (filter.level) where.level = filter.level;
      if (filter.service) where.service = filter.service;
      if (filter.from || filter.to)
        where.timestamp = { ...(filter.from ? { $gte: filter.from } : {}), ...(filter.to ? { $lt: filter.to } : {}) };
      if (filter.text) Object.assign(where, logMessageMatches(filter.text));
      const [items, total] = await em.findAndCount(LogEntryEntity, where, {
        ...unscoped,
        orderBy: { timestamp: 'desc', id: 'desc' },
        limit: page.limit,
        offset: page.offset,
      });
      return { items: items.map(logRecord), total };
    },
  };
}
