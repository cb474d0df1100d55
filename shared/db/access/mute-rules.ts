import type { EntityManager } from '@mikro-orm/core';
import { MaintenanceWindowEntity, SilenceEntity, type MaintenanceWindow, type Silence } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';

/** What a worker compiles into its mute rules: silences not ended by `since`, and windows that recur or end after it. */
export interface MuteRulesInEffect {
  silences: Pick<Silence, 'id' | 'matchers' | 'startsAt' | 'endsAt'>[];
  windows: (Pick<MaintenanceWindow, 'id' | 'integrationIds' | 'startsAt' | 'endsAt' | 'timeZone'> & { rrule: string | null })[];
}

const oldestFirst = { createdAt: 'asc', id: 'asc' } as const;

/** The organization's silences and maintenance windows in effect at or after `since`, oldest first. */
export async function muteRulesInEffect(em: EntityManager, organizationId: string, since: Date): Promise<MuteRulesInEffect> {
  const [silences, windows] = await Promise.all([
    em.find(SilenceEntity, { organization: organizationId, endsAt: { $gt: since } }, { ...unscoped, orderBy: oldestFirst }),
    em.find(
      MaintenanceWindowEntity,
      { organization: organizationId, $or: [{ rrule: { $ne: null } }, { endsAt: { $gt: since } }] },
      { ...unscoped, orderBy: oldestFirst },
    ),
  ]);
  return {
    silences: silences.map(({ id, matchers, startsAt, endsAt }) => ({ id, matchers, startsAt, endsAt })),
    windows: windows.map(({ id, integrationIds, startsAt, endsAt, timeZone, rrule }) => ({
      id,
      integrationIds,
      startsAt,
      endsAt,
      timeZone,
      rrule: rrule ?? null,
    })),
  };
}
