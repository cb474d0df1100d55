import { z } from 'zod';
import { list, nonBlankText, PaginationQuery, timestamp } from './common.ts';

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
const dateTime = z.iso.datetime({ offset: true });

export const LogEntrySchema = z
  .object({
    id: z.uuid(),
    timestamp: timestamp(),
    level: z.enum(LOG_LEVELS),
    message: z.string(),
    service: z.string(),
    attributes: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'LogEntry' });

export const CreateLogsBody = z
  .object({
    logs: z
      .array(
        z.object({
          timestamp: dateTime,
          level: z.enum(LOG_LEVELS),
          message: z.string().min(1).max(20_000),
          service: nonBlankText().max(200),
          attributes: z.record(z.string(), z.unknown()).default({}),
        }),
      )
      .min(1)
      .max(1_000),
  })
  .describe('A batch of at most 1000 log entries');

export const CreateLogsResponse = z.object({ data: z.object({ accepted: z.number().int(), ids: z.array(z.uuid()) }), meta: z.object({}) });

export const LogListQuery = PaginationQuery.extend({
  from: dateTime.optional().describe('Entries at or after this time'),
  to: dateTime.optional().describe('Entries before this time'),
  level: z.enum(LOG_LEVELS).optional(),
  service: nonBlankText().max(200).optional(),
  query: nonBlankText().max(500).optional().describe('Full-text search over the message'),
});

/** What the services return: the response schemas are the contract, these types follow them. */
export type LogEntryView = z.output<typeof LogEntrySchema>;

export const LogListResponse = list(LogEntrySchema);
