import type { EntityManager } from '@mikro-orm/core';
import { newGaps, withoutUser } from '../../domain/schedule.ts';
import { scheduleDefinition } from '../../domain/schedule-definition.ts';
import { DomainEventEntity, ScheduleEntity, ScheduleIcalFeedEntity, ScheduleOverrideEntity } from '../entities/index.ts';

/** How far ahead the gaps a removal opens are reported. */
export const REMOVAL_GAP_HORIZON_MS = 28 * 86_400_000;

/** Records a `schedule.updated` outbox event, pushed to the organization's WebSocket room. */
export function recordScheduleUpdated(
  em: EntityManager,
  organizationId: string,
  data: { schedule_id: string; reason: string } & Record<string, unknown>,
) {
  em.create(DomainEventEntity, { organization: organizationId, type: 'schedule.updated', incidentId: null, data });
}

export interface OpenedGaps {
  schedule_id: string;
  schedule_name: string;
  gaps: { start: string; end: string }[];
}

/**
 * Takes a member out of every rotation and override of their organization, inside the caller's
 * transaction (before the user row goes), and reports per schedule the gaps that opens over the
 * next four weeks. Each touched schedule gets a `schedule.updated` event carrying them.
 */
export async function removeUserFromSchedules(em: EntityManager, organizationId: string, userId: string, now: Date): Promise<OpenedGaps[]> {
  const overrides = await em.find(ScheduleOverrideEntity, { userId, endAt: { $gt: now } });
  const touchedIds = new Set(overrides.map((o) => o.schedule.id));
  const schedules = await em.find(ScheduleEntity, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
  const feeds = await em.find(ScheduleIcalFeedEntity, {});
  // Imported events naming the member go now; the next fetch no longer matches them to anyone.
  const importedBy = new Set(feeds.filter((feed) => feed.events.some((event) => event.user === userId)).map((feed) => feed.schedule.id));
  const imported = new Map(feeds.map((feed) => [feed.id, feed.events]));
  const report: OpenedGaps[] = [];
  for (const schedule of schedules) {
    const inLayers = schedule.layers.some((layer) => layer.kind !== 'ical' && layer.users.includes(userId));
    if (!inLayers && !touchedIds.has(schedule.id) && !importedBy.has(schedule.id)) continue;
    const current = await em.find(ScheduleOverrideEntity, { schedule: schedule.id, endAt: { $gt: now } });
    const before = scheduleDefinition(schedule, current, imported);
    const from = now.getTime();
    const gaps = newGaps(before, withoutUser(before, userId), from, from + REMOVAL_GAP_HORIZON_MS).map((gap) => ({
      start: new Date(gap.start).toISOString(),
      end: new Date(gap.end).toISOString(),
    }));
    if (inLayers)
      schedule.layers = schedule.layers.map((layer) =>
        layer.kind === 'ical' ? layer : { ...layer, users: layer.users.filter((member) => member !== userId) },
      );
    for (const feed of feeds)
      if (feed.schedule.id === schedule.id && importedBy.has(schedule.id)) {
        feed.events = feed.events.filter((event) => event.user !== userId);
        feed.eventCount = feed.events.length;
      }
    for (const override of current) if (override.userId === userId) em.remove(override);
    recordScheduleUpdated(em, organizationId, { schedule_id: schedule.id, reason: 'member_removed', user_id: userId, gaps_opened: gaps });
    report.push({ schedule_id: schedule.id, schedule_name: schedule.name, gaps });
  }
  return report;
}
