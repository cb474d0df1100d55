import { ServiceUnavailableError } from '../../shared/errors.ts';
import type { SearchDocumentType, SearchMode, SearchPort } from '../../shared/search/port.ts';
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

const DEFAULT_TYPES: SearchDocumentType[] = ['incident', 'procedure', 'article'];

/** `POST /search/query`: always within the caller's organization. */
export function createSearchService(deps: { search: SearchPort | undefined }) {
  return {
    async query(auth: AuthContext, input: SearchQueryInput) {
      if (!deps.search) throw new ServiceUnavailableError('Search is not configured on this instance');
      const started = performance.now();
      // An engine outage is the port's ServiceUnavailableError (503, retry).
      const result = await deps.search.query({
        organizationId: auth.organizationId,
        query: input.query,
        errorLog: input.error_log,
        mode: input.mode,
        limit: input.limit,
        types: input.types ?? DEFAULT_TYPES,
        filters: {
          severity: input.filters?.severity,
          status: input.filters?.status,
          createdAfter: input.filters?.created_after ? new Date(input.filters.created_after) : undefined,
          createdBefore: input.filters?.created_before ? new Date(input.filters.created_before) : undefined,
        },
      });
      return { data: result.hits, meta: { mode: input.mode, total: result.total, took_ms: Math.round(performance.now() - started) } };
    },
  };
}
