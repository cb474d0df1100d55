import type { EntityManager } from '@mikro-orm/core';
import type { ImportedEvents } from '../../domain/schedule-definition.ts';
import { ScheduleIcalFeedEntity } from '../entities/index.ts';

/**
 * The imported events of every `ical` layer of the schedules, by layer id, read in one query through
 * `em`'s organization filter (or an explicit `organization` where the caller turned it off).
 */
export async function importedEvents(
  em: EntityManager,
  scheduleIds: readonly string[],
  options: { organization?: string } = {},
): Promise<ImportedEvents> {
  if (scheduleIds.length === 0) return new Map();
  const feeds = await em.find(
    ScheduleIcalFeedEntity,
    { schedule: { $in: [...scheduleIds] }, ...(options.organization ? { organization: options.organization } : {}) },
    { fields: ['id', 'events'], ...(options.organization ? { filters: { tenant: false } } : {}) },
  );
  return new Map(feeds.map((feed) => [feed.id, feed.events]));
}

/** Every imported calendar of every organization: one per `ical` layer. */
export function allIcalFeeds(em: EntityManager): Promise<Array<{ id: string; organization_id: string; schedule_id: string }>> {
  return em.getConnection().execute('select id, organization_id, schedule_id from schedule_ical_feeds order by id');
}
