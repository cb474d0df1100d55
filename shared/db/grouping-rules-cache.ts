import type { GroupingSettings } from '../domain/alert-grouping.ts';
import type { FlappingSettings } from '../domain/flapping.ts';
import { buildInhibitor, type Inhibitor } from '../domain/inhibition.ts';
import { matchMetersByOrganization } from '../domain/match-meter.ts';
import { MATCH_LIMITS } from '../domain/matchers.ts';
import type { Logger } from '../logger.ts';
import { enabledInhibitionRules, groupingIntegrations } from './access/alert-groups.ts';
import { createOrganizationCache, type OrganizationCache } from './organization-cache.ts';
import type { Orm } from './orm.ts';

/** What ingestion needs of an organization to group, inhibit and detect flapping. */
export interface GroupingRules {
  /** Integrations with grouping, flap detection or a reopen window; absent: none of them. */
  integrations: ReadonlyMap<
    string,
    { grouping: GroupingSettings | null; flapping: FlappingSettings | null; reopenWindowMinutes: number | null }
  >;
  /** Its enabled inhibition rules, compiled; null when it has none. */
  inhibitor: Inhibitor | null;
}

export const NO_GROUPING_RULES: GroupingRules = { integrations: new Map(), inhibitor: null };

/** Each worker's grouping settings and inhibition rules, so a batch reads neither from the database. */
export type GroupingRulesCache = OrganizationCache<GroupingRules>;

export function createGroupingRulesCache(deps: {
  orm: Orm;
  listen?: { databaseUrl: string; logger: Logger };
  ttlMs?: number;
  maxOrganizations?: number;
}): GroupingRulesCache {
  const meterOf = matchMetersByOrganization(MATCH_LIMITS);
  return createOrganizationCache({
    ...deps,
    // inhibition_rules and integrations (grouping, flapping, reopen window) NOTIFY `grouping:<organization>` (migrations 20261231080000, 20261231130000).
    tagPrefix: 'grouping',
    async load(organizationId) {
      const em = deps.orm.em.fork();
      const [integrations, rules] = await Promise.all([
        groupingIntegrations(em, organizationId),
        enabledInhibitionRules(em, organizationId),
      ]);
      return {
        integrations: new Map(
          integrations.map((row) => [
            row.id,
            { grouping: row.grouping, flapping: row.flapping, reopenWindowMinutes: row.reopen_window_minutes },
          ]),
        ),
        inhibitor: rules.length > 0 ? buildInhibitor(rules, meterOf(organizationId)) : null,
      };
    },
  });
}
