import { ScheduleEntity, ScheduleOverrideEntity } from '../entities/index.ts';
import type { Orm } from '../orm.ts';
import { forkForOrganization } from '../tenant-filter.ts';
import { ON_CALL_HORIZON_MS, onCallAt } from '../../domain/schedule.ts';
import { scheduleDefinition } from '../../domain/schedule-definition.ts';
import { importedEvents } from './schedule-ical-feeds.ts';

/**
 * Who is on call on one schedule of an organization at an instant: the escalation's schedule
 * targets. Empty in a gap, and for a schedule that is gone or of another organization.
 */
export function createScheduleOnCall(deps: { orm: Orm }) {
  return async (organizationId: string, scheduleId: string, at: Date): Promise<string[]> => {
    const em = forkForOrganization(deps.orm, organizationId);
    const schedule = await em.findOne(ScheduleEntity, { id: scheduleId });
    if (!schedule) return [];
    const overrides = await em.find(
      ScheduleOverrideEntity,
      {
        schedule: scheduleId,
        endAt: { $gt: new Date(at.getTime() - ON_CALL_HORIZON_MS) },
        startAt: { $lt: new Date(at.getTime() + ON_CALL_HORIZON_MS) },
      },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    const shift = onCallAt(scheduleDefinition(schedule, overrides, await importedEvents(em, [scheduleId])), at.getTime());
    return shift ? [shift.user] : [];
  };
}
