import { ServiceUnavailableError } from '../../shared/errors.ts';
import { informativeQuery } from '../../shared/search/error-log.ts';
import { classifyQuery } from '../../shared/search/query-kind.ts';
import type { SearchDocumentType, SearchIndex, SearchMode } from '../../shared/search/search-index.ts';
import type { AuthContext } from '../auth-context.ts';

export interface SearchQueryInput {
  query?: string;
  error_log?: string;
  types?: SearchDocumentType[];
  mode: SearchMode;
  limit: number;
  filters?: { severity?: string; status?: string; created_after?: string; created_before?: string };
}

export type SearchService = ReturnType<typeof createSearchService>;

// The search cluster being unreachable or overloaded is an outage (503, retry), not a bug (500).
// Matched by name so this service stays independent of the Elasticsearch client library.
const OUTAGE_ERRORS = new Set(['ConnectionError', 'TimeoutError', 'NoLivingConnectionsError']);
function isBackendOutage(error: unknown): boolean {
  const { name, statusCode } = (error ?? {}) as { name?: string; statusCode?: number };
  return OUTAGE_ERRORS.has(name ?? '') || (name === 'ResponseError' && (statusCode ?? 0) >= 500);
}

const DEFAULT_TYPES: SearchDocumentType[] = ['incident', 'procedure', 'article'];

/** `POST /search/query`: always within the caller's organization. */
export function createSearchService(deps: { search: SearchIndex | undefined }) {
  return {
    async query(auth: AuthContext, input: SearchQueryInput) {
      if (!deps.search) throw new ServiceUnavailableError('Search is not configured on this instance');
      const started = performance.now();
      // A log pasted into `query` gets the same trimming as one given as `error_log`.
      const pastedLog = input.query !== undefined && classifyQuery(input.query) === 'error_log';
      const query = pastedLog ? informativeQuery(input.query as string) : input.query;
      const text = [query, input.error_log ? informativeQuery(input.error_log) : undefined].filter(Boolean).join('\n');
      const result = await deps.search
        .search({
          organizationId: auth.organizationId,
          text,
          mode: input.mode,
          limit: input.limit,
          types: input.types ?? DEFAULT_TYPES,
          queryKind: pastedLog || (input.error_log && !input.query) ? 'error_log' : undefined,
          filters: {
            severity: input.filters?.severity,
            status: input.filters?.status,
            createdAfter: input.filters?.created_after ? new Date(input.filters.created_after) : undefined,
            createdBefore: input.filters?.created_before ? new Date(input.filters.created_before) : undefined,
          },
        })
        .catch((error: unknown) => {
          if (isBackendOutage(error)) throw new ServiceUnavailableError('Search is temporarily unavailable; retry later', { cause: error });
          throw error;
        });
      return { data: result.hits, meta: { mode: input.mode, total: result.total, took_ms: Math.round(performance.now() - started) } };
    },
  };
}
