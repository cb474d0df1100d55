import type { LogEntryRecord, LogEntryStore } from '../../shared/db/access/logs.ts';
import type { AuthContext } from '../auth-context.ts';
import type { LogEntryView } from '../schemas/log.schemas.ts';
import type { SearchIndexer } from '../../shared/search/port.ts';

const logView = (log: LogEntryRecord): LogEntryView => ({
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
export function createLogService(deps: { logs: () => LogEntryStore; indexer?: SearchIndexer }) {
  return {
    async ingest(
      auth: AuthContext,
      logs: Array<{ timestamp: string; level: string; message: string; service: string; attributes: Record<string, unknown> }>,
    ) {
      const ids = await deps.logs().insertAll(
        auth.organizationId,
        logs.map((log) => ({
          timestamp: new Date(log.timestamp),
          level: log.level,
          message: log.message,
          service: log.service,
          attributes: log.attributes,
        })),
      );
      await deps.indexer?.scheduleAll(auth.organizationId, 'log', ids);
      return { accepted: ids.length, ids };
    },

    async list(
      auth: AuthContext,
      query: { limit: number; offset: number; from?: string; to?: string; level?: string; service?: string; query?: string },
    ) {
      const { items, total } = await deps.logs().list(
        auth.organizationId,
        {
          level: query.level,
          service: query.service,
          from: query.from ? new Date(query.from) : undefined,
          to: query.to ? new Date(query.to) : undefined,
          text: query.query,
        },
        { limit: query.limit, offset: query.offset },
      );
      return { items: items.map(logView), total };
    },
  };
}
