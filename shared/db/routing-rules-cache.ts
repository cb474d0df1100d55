import { buildRouter, type Router, type Urgency } from '../domain/routing.ts';
import type { Matcher } from '../domain/matchers.ts';
import type { Logger } from '../logger.ts';
import { createOrganizationCache, type OrganizationCache } from './organization-cache.ts';
import type { Orm } from './orm.ts';

/** Each worker's routing rules, compiled in evaluation order, so the relay routes new incidents without reading them every batch. */
export type RoutingRulesCache = OrganizationCache<Router>;

export function createRoutingRulesCache(deps: {
  orm: Orm;
  listen?: { databaseUrl: string; logger: Logger };
  ttlMs?: number;
  maxOrganizations?: number;
}): RoutingRulesCache {
  return createOrganizationCache({
    ...deps,
    // The routing_rules trigger NOTIFYs `routing:<organization>` (migration 20261228020000).
    tagPrefix: 'routing',
    async load(organizationId) {
      const rows = await deps.orm.em
        .fork()
        .execute<Array<{ id: string; matchers: Matcher[]; escalation_policy_id: string; urgency: Urgency; enabled: boolean }>>(
          `select id, matchers, escalation_policy_id, urgency, enabled from routing_rules
           where organization_id = ? order by position, created_at, id`,
          [organizationId],
        );
      return buildRouter(
        rows.map((row) => ({
          id: row.id,
          matchers: row.matchers,
          policyId: row.escalation_policy_id,
          urgency: row.urgency,
          enabled: row.enabled,
        })),
      );
    },
  });
}
