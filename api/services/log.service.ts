import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { logMessageMatches } from '../../shared/db/access/logs.ts';
import { LogEntryEntity, type LogEntry } from '../../shared/db/entities/index.ts';
import type { AuthContext } from '../auth-context.ts';
import type { LogEntryView } from '../schemas/log.schemas.ts';
import type { SearchIndexer } from '../../shared/search/port.ts';

const logView = (log: LogEntry): LogEntryView => ({
  id: log.id,
  timestamp: log.timestamp.toISOString(),
  level: log.level as LogEntryView['level'],
  message: log.message,
  service: log.service,
  attributes: log.attributes,
});

export type LogService = ReturnType<typeof createLogService>;

/**
 * Application logs stored in PostgreSQL (and queried there with a GIN full-text index); each entry
 * is also indexed in search when `indexer` is given, i.e. when Elasticsearch is configured.
 */
export function createLogService(deps: { em: () => EntityManager; indexer?: SearchIndexer }) {
  return {
    async ingest(
      auth: AuthContext,
      logs: Array<{ timestamp: string; level: string; message: string; service: string; attributes: Record<string, unknown> }>,
    ) {
      const em = deps.em();
      const entries = logs.map((log) =>
        em.create(LogEntryEntity, {
          organization: auth.organizationId,
          timestamp: new Date(log.timestamp),
          level: log.level,
          message: log.message,
          service: log.service,
          attributes: log.attributes,
        }),
      );
      await em.flush();
      await deps.indexer?.scheduleAll(
        auth.organizationId,
        'log',
        entries.map((entry) => entry.id),
      );
      return { accepted: entries.length, ids: entries.map((entry) => entry.id) };
    },

    async list(
      _auth: AuthContext,
      query: { limit: number; offset: number; from?: string; to?: string; level?: string; service?: string; query?: string },
    ) {
      const where: FilterQuery<LogEntry> & Record<string, unknown> = {};
      if (query.level) where.level = query.level;
      if (query.service) where.service = query.service;
      if (query.from || query.to) {
        where.timestamp = { ...(query.from ? { $gte: new Date(query.from) } : {}), ...(query.to ? { $lt: new Date(query.to) } : {}) };
      }
      if (query.query) Object.assign(where, logMessageMatches(query.query));
      const [items, total] = await deps.em().findAndCount(LogEntryEntity, where, {
        orderBy: { timestamp: 'desc', id: 'desc' },
        limit: query.limit,
        offset: query.offset,
      });
      return { items: items.map(logView), total };
    },
  };
}
