import { matchMetersByOrganization } from '../domain/match-meter.ts';
import { MATCH_LIMITS } from '../domain/matchers.ts';
import { buildRouter, type Router } from '../domain/routing.ts';
import type { Logger } from '../logger.ts';
import { createOrganizationCache, type OrganizationCache } from './organization-cache.ts';
import { routingRulesInOrder } from './access/routing-rules.ts';
import type { Orm } from './orm.ts';

/** Each worker's routing rules, compiled in evaluation order, so the relay routes new incidents without reading them every batch. */
export type RoutingRulesCache = OrganizationCache<Router>;

export function createRoutingRulesCache(deps: {
  orm: Orm;
  listen?: { databaseUrl: string; logger: Logger };
  ttlMs?: number;
  maxOrganizations?: number;
}): RoutingRulesCache {
  const meterOf = matchMetersByOrganization(MATCH_LIMITS);
  return createOrganizationCache({
    ...deps,
    // The routing_rules trigger NOTIFYs `routing:<organization>` (migration 20261228020000).
    tagPrefix: 'routing',
    async load(organizationId) {
      return buildRouter(await routingRulesInOrder(deps.orm.em.fork(), organizationId), meterOf(organizationId));
    },
  });
}
