import { muteRulesInEffect } from './access/mute-rules.ts';
import { createOrganizationCache, type OrganizationCache } from './organization-cache.ts';
import type { Orm } from './orm.ts';
import { matchMetersByOrganization } from '../domain/match-meter.ts';
import { MATCH_LIMITS } from '../domain/matchers.ts';
import { buildMuteRules, type MuteRules } from '../domain/mute-rules.ts';
import type { Logger } from '../logger.ts';

const RECENTLY_ENDED_MS = 24 * 3600 * 1000;

/** Each worker's compiled silences and windows, so ingestion matches alerts without a database round trip. */
export type MuteRulesCache = OrganizationCache<MuteRules>;

export function createMuteRulesCache(deps: {
  orm: Orm;
  listen?: { databaseUrl: string; logger: Logger };
  ttlMs?: number;
  maxOrganizations?: number;
}): MuteRulesCache {
  const meterOf = matchMetersByOrganization(MATCH_LIMITS);
  return createOrganizationCache({
    ...deps,
    // The silences and maintenance_windows triggers NOTIFY `silences:<organization>` (migration 20261227080000).
    tagPrefix: 'silences',
    async load(organizationId) {
      // Alerts are matched at their receipt time: a backlog drained after an outage still meets the
      // rules that were in effect when it arrived, so rules ended within RECENTLY_ENDED_MS stay loaded.
      const since = new Date(Date.now() - RECENTLY_ENDED_MS);
      return buildMuteRules(await muteRulesInEffect(deps.orm.em.fork(), organizationId, since), meterOf(organizationId));
    },
  });
}
