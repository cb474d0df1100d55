import { ApplicationFailure } from '@temporalio/activity';
import type { HandoffNoticeStore } from '../shared/db/access/handoff-notices.ts';
import { HANDOFF_MARGIN_MS, planHandoffNotices } from '../shared/domain/handoff-notices.ts';
import { handoffMailMessage } from '../shared/mail/handoff-mail.ts';
import type { Mailer } from '../shared/mail/mailer.ts';

export interface HandoffNoticeActivityDeps {
  handoffNotices: () => HandoffNoticeStore;
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
      const store = deps.handoffNotices();
      const now = Date.now();
      const preferences = await store.preferences(input.organizationId);
      const schedules =
        preferences.size === 0
          ? []
          : await store.schedules(input.organizationId, {
              from: now - HANDOFF_MARGIN_MS,
              to: now + HANDOFF_PLAN_WINDOW_MS + HANDOFF_MARGIN_MS,
            });
      const notices = planHandoffNotices(
        schedules.map((schedule) => ({ id: schedule.id, definition: schedule.definition })),
        preferences,
        now,
        now + HANDOFF_PLAN_WINDOW_MS,
      );
      await store.savePlan(input.organizationId, notices);
      return { planned: notices.length };
    },

    /**
     * Sends the notices due now, each claimed before it is sent so no run sends it twice (a send
     * that fails gives it back for the retry), and answers when the next one is due.
     */
    async sendDueHandoffNotices(input: { organizationId: string; publicUrl: string }): Promise<{ sent: number; nextAt: number | null }> {
      if (!deps.mailer) throw ApplicationFailure.nonRetryable('no mailer configured in this worker');
      const mailer = deps.mailer;
      const store = deps.handoffNotices();
      const due = await store.claimDue(input.organizationId, new Date(), SEND_BATCH);
      let sent = 0;
      for (const [index, notice] of due.entries()) {
        try {
          const incidents =
            notice.kind === 'start' ? await store.inheritedIncidents(input.organizationId, notice.schedule_id, INHERITED_LISTED) : [];
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
          for (const unsent of due.slice(index)) await store.release(input.organizationId, unsent.id);
          throw error;
        }
      }
      return { sent, nextAt: await store.nextDueAt(input.organizationId) };
    },
  };
}
