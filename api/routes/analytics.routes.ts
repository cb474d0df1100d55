import { envelope } from '../schemas/common.ts';
import { AnalyticsQuery, AnalyticsResponse } from '../schemas/analytics.schemas.ts';
import type { AnalyticsService } from '../services/analytics.service.ts';
import { defineRoute } from './route.ts';
import { analyticsDocs } from '../docs/analytics.ts';

export function analyticsRoutes(analytics: AnalyticsService) {
  return [
    defineRoute({
      method: 'get',
      path: '/analytics',
      operationId: 'getAnalytics',
      summary: 'Incident metrics over a date range: MTTA, MTTM, MTTR, counts, alerts; grouped and as a series',
      description: analyticsDocs.getAnalytics,
      tags: ['analytics'],
      access: 'analytics:read',
      request: { query: AnalyticsQuery },
      responses: { 200: { description: 'Metrics of the range', schema: AnalyticsResponse } },
      handler: async ({ auth, query }) => ({ body: envelope(await analytics.report(auth, query)) }),
    }),
  ];
}
