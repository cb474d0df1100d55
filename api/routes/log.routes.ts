import { envelope, pageEnvelope } from '../schemas/common.ts';
import { CreateLogsBody, CreateLogsResponse, LogListQuery, LogListResponse } from '../schemas/log.schemas.ts';
import type { LogService } from '../services/log.service.ts';
import { defineRoute } from './route.ts';
import { logDocs } from '../docs/log.ts';

export function logRoutes(logs: LogService) {
  return [
    defineRoute({
      method: 'post',
      path: '/logs',
      operationId: 'submitLogs',
      summary: 'Submit a batch of log entries for storage and indexing',
      description: logDocs.submitLogs,
      tags: ['logs'],
      access: 'logs:create',
      request: { body: CreateLogsBody },
      responses: { 201: { description: 'Stored', schema: CreateLogsResponse } },
      handler: async ({ auth, body }) => ({ status: 201, body: envelope(await logs.ingest(auth, body.logs)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/logs',
      operationId: 'listLogs',
      summary: 'Query logs by time range, level, service and text, newest first',
      tags: ['logs'],
      access: 'logs:read',
      request: { query: LogListQuery },
      responses: { 200: { description: 'A page of log entries', schema: LogListResponse } },
      handler: async ({ auth, query }) => ({ body: pageEnvelope(await logs.list(auth, query), query) }),
    }),
  ];
}
