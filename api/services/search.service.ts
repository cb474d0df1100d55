import { ServiceUnavailableError } from '../../shared/errors.ts';
import { informativeQuery } from '../../shared/search/error-log.ts';
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

const DEFAULT_TYPES: SearchDocumentType[] = ['incident', 'procedure', 'article'];

/** `POST /search/query`: always within the caller's organization. */
export function createSearchService(deps: { search: SearchIndex | undefined }) {
  return {
    async query(auth: AuthContext, input: SearchQueryInput) {
      if (!deps.search) throw new ServiceUnavailableError('Search is not configured on this instance');
      const started = performance.now();
      const text = [input.query, input.error_log ? informativeQuery(input.error_log) : undefined].filter(Boolean).join('\n');
      const result = await deps.search.search({
        organizationId: auth.organizationId,
        text,
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
