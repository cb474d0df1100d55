import type { EntityManager } from '@mikro-orm/core';
import { scheduleDefinition } from '../../domain/schedule-definition.ts';
import type { ScheduleDefinition } from '../../domain/schedule.ts';
import { ScheduleEntity, ScheduleOverrideEntity } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import { importedEvents } from './schedule-ical-feeds.ts';

export interface RenderableSchedule {
  id: string;
  name: string;
  timeZone: string;
  definition: ScheduleDefinition;
}

/**
 * Every schedule of the organization as it renders over `window`: its layers, the overrides that
 * overlap the window (oldest first) and its imported calendars' events.
 */
export async function renderableSchedules(
  em: EntityManager,
  organizationId: string,
  window: { from: number; to: number },
  order: 'name' | 'id',
): Promise<RenderableSchedule[]> {
  const schedules = await em.find(
    ScheduleEntity,
    { organization: organizationId },
    { ...unscoped, orderBy: order === 'name' ? { name: 'asc', id: 'asc' } : { id: 'asc' } },
  );
  if (schedules.length === 0) return [];
  const ids = schedules.map((schedule) => schedule.id);
  const overrides = await em.find(
    ScheduleOverrideEntity,
    { organization: organizationId, schedule: { $in: ids }, endAt: { $gt: new Date(window.from) }, startAt: { $lt: new Date(window.to) } },
    { ...unscoped, orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  const bySchedule = Map.groupBy(overrides, (override) => override.schedule.id);
  const imported = await importedEvents(em, ids, { organization: organizationId });
  return schedules.map((schedule) => ({
    id: schedule.id,
    name: schedule.name,
    timeZone: schedule.timeZone,
    definition: scheduleDefinition(schedule, bySchedule.get(schedule.id) ?? [], imported),
  }));
}
