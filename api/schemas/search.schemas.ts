import { z } from 'zod';
import { nonBlankText } from './common.ts';
import { INCIDENT_STATUSES, SEVERITIES } from '../../shared/domain/incident.ts';
import { SEARCH_DOCUMENT_TYPES, SEARCH_MODES } from '../../shared/search/port.ts';

const dateTime = z.iso.datetime({ offset: true });

export const SearchQueryBody = z
  .object({
    query: nonBlankText().max(2_000).optional(),
    error_log: nonBlankText().max(200_000).optional().describe('A pasted error log; trimmed to its informative lines'),
    types: z.array(z.enum(SEARCH_DOCUMENT_TYPES)).min(1).optional().describe('Default: incidents, procedures and articles'),
    mode: z.enum(SEARCH_MODES).default('hybrid'),
    limit: z.number().int().min(1).max(50).default(10),
    filters: z
      .object({
        severity: z.enum(SEVERITIES).optional(),
        status: z.enum(INCIDENT_STATUSES).optional(),
        created_after: dateTime.optional(),
        created_before: dateTime.optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((body) => body.query !== undefined || body.error_log !== undefined, {
    message: 'query or error_log is required',
    path: ['query'],
  })
  .meta({ anyOf: [{ required: ['query'] }, { required: ['error_log'] }] });

export const SearchHitSchema = z
  .object({
    type: z.enum(SEARCH_DOCUMENT_TYPES),
    id: z.string(),
    title: z.string(),
    snippet: z
      .string()
      .describe('HTML: an excerpt of the document, its text escaped (with <em> around matched words when it is a keyword match)'),
    score: z.number(),
    highlights: z.array(z.string()).describe('HTML: matching fragments, the document text escaped, then matched words wrapped in <em>'),
  })
  .meta({ id: 'SearchHit' });

export const SearchQueryResponse = z.object({
  data: z.array(SearchHitSchema),
  meta: z.object({ mode: z.enum(SEARCH_MODES), total: z.number().int(), took_ms: z.number().int() }),
});
