import { SearchQueryBody, SearchQueryResponse } from '../schemas/search.schemas.ts';
import type { SearchService } from '../services/search.service.ts';
import { defineRoute } from './route.ts';
import { searchDocs } from '../docs/search.ts';

export function searchRoutes(search: SearchService) {
  return [
    defineRoute({
      method: 'post',
      path: '/search/query',
      operationId: 'searchQuery',
      summary: 'Search incidents, procedures, articles and logs by meaning and keywords',
      description: searchDocs.searchQuery,
      tags: ['search'],
      access: 'search:read',
      rateLimit: 'search',
      request: { body: SearchQueryBody },
      responses: { 200: { description: 'Ranked results', schema: SearchQueryResponse } },
      errors: [422, 429, 503],
      handler: async ({ auth, body }) => ({ body: await search.query(auth, body) }),
    }),
  ];
}
