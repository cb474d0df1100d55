import { ApplicationFailure } from '@temporalio/activity';
import {
  claimDueHandoffNotices,
  nextHandoffNoticeAt,
  openIncidentsOfSchedule,
  organizationHandoffPreferences,
  releaseHandoffNotice,
  saveHandoffPlan,
} from '../shared/db/access/handoff-notices.ts';
import { importedEvents } from '../shared/db/access/schedule-ical-feeds.ts';
import { ScheduleEntity, ScheduleOverrideEntity } from '../shared/db/entities/index.ts';
import type { Orm } from '../shared/db/orm.ts';
import { forkForOrganization } from '../shared/db/tenant-filter.ts';
import { HANDOFF_MARGIN_MS, planHandoffNotices } from '../shared/domain/handoff-notices.ts';
import { scheduleDefinition } from '../shared/domain/schedule-definition.ts';
import { handoffMailMessage } from '../shared/mail/handoff-mail.ts';
import type { Mailer } from '../shared/mail/mailer.ts';

export interface HandoffNoticeActivityDeps {
  orm: Orm;
  mailer?: Mailer;
}

/** How far ahead one plan looks; the workflow plans again before it runs out. */
export const HANDOFF_PLAN_WINDOW_MS = 6 * 3_600_000;
/** Notices claimed and sent per activity run; the workflow runs it again while more are due. */
const SEND_BATCH = 50;
/** Inherited incidents listed in one notice. */
const INHERITED_LISTED = 20;

export function createHandoffNoticeActivities(deps: HandoffNoticeActivityDeps) {
  return {
    /** Plans the organization's notices due over the next window from its schedules as they are now. */
    async planHandoffNotices(input: { organizationId: string }): Promise<{ planned: number }> {
      const em = forkForOrganization(deps.orm, input.organizationId);
      const now = Date.now();
      const preferences = await organizationHandoffPreferences(em, input.organizationId);
      const schedules = preferences.size === 0 ? [] : await em.find(ScheduleEntity, {}, { orderBy: { id: 'asc' } });
      const ids = schedules.map((schedule) => schedule.id);
      const overrides =
        ids.length === 0
          ? []
          : await em.find(
              ScheduleOverrideEntity,
              {
                schedule: { $in: ids },
                endAt: { $gt: new Date(now - HANDOFF_MARGIN_MS) },
                startAt: { $lt: new Date(now + HANDOFF_PLAN_WINDOW_MS + HANDOFF_MARGIN_MS) },
              },
              { orderBy: { createdAt: 'asc', id: 'asc' } },
            );
      const bySchedule = Map.groupBy(overrides, (override) => override.schedule.id);
      const imported = ids.length === 0 ? new Map() : await importedEvents(em, ids);
      const notices = planHandoffNotices(
        schedules.map((schedule) => ({
          id: schedule.id,
          definition: scheduleDefinition(schedule, bySchedule.get(schedule.id) ?? [], imported),
        })),
        preferences,
        now,
        now + HANDOFF_PLAN_WINDOW_MS,
      );
      await saveHandoffPlan(em, input.organizationId, notices);
      return { planned: notices.length };
    },

    /**
     * Sends the notices due now, each claimed before it is sent so no run sends it twice (a send
     * that fails gives it back for the retry), and answers when the next one is due.
     */
    async sendDueHandoffNotices(input: { organizationId: string; publicUrl: string }): Promise<{ sent: number; nextAt: number | null }> {
      if (!deps.mailer) throw ApplicationFailure.nonRetryable('no mailer configured in this worker');
      const mailer = deps.mailer;
      const em = forkForOrganization(deps.orm, input.organizationId);
      const due = await claimDueHandoffNotices(em, input.organizationId, new Date(), SEND_BATCH);
      let sent = 0;
      for (const [index, notice] of due.entries()) {
        try {
          const incidents =
            notice.kind === 'start' ? await openIncidentsOfSchedule(em, input.organizationId, notice.schedule_id, INHERITED_LISTED) : [];
          const message = handoffMailMessage({
            kind: notice.kind,
            scheduleName: notice.schedule_name,
            timeZone: notice.time_zone,
            shiftStart: new Date(notice.shift_start),
            shiftEnd: new Date(notice.shift_end),
            incidents,
            publicUrl: input.publicUrl,
          });
          for (const to of notice.addresses) await mailer.send({ to, ...message });
          sent += 1;
        } catch (error) {
          for (const unsent of due.slice(index)) await releaseHandoffNotice(em, unsent.id);
          throw error;
        }
      }
      return { sent, nextAt: await nextHandoffNoticeAt(em, input.organizationId) };
    },
  };
}
