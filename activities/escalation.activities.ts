import { ApplicationFailure } from '@temporalio/activity';
import {
  assigneeNeedsPaging,
  incidentNeedsPaging,
  type EscalationEnd,
  type EscalationPolicySnapshot,
  type EscalationTarget,
} from '../shared/domain/escalation.ts';
import { planMemberPages, type PageUrgency, type PlannedPage } from '../shared/domain/notification-rules.ts';
import type { EscalationPagingStore } from '../shared/db/access/escalation-paging.ts';
import { unclaimedPages } from '../shared/db/access/pages.ts';
import { targetUserIds } from '../shared/domain/teams.ts';
import { createEscalateLevel } from './escalation-level.ts';
import type { PageLevelInput } from './page-level-input.ts';

export type { PageLevelInput } from './page-level-input.ts';
import { createPageSender, type PageSenderDeps } from '../shared/paging/page-sender.ts';
import { sendClaimedPages } from '../shared/paging/claimed-pages.ts';
import { incidentUrl } from '../shared/domain/incident.ts';

/**
 * Who a schedule has on call at a moment, as user ids of the organization (the worker passes
 * shared/db/access/schedule-on-call.ts).
 */
export type ScheduleOnCall = (organizationId: string, scheduleId: string, at: Date) => Promise<string[]>;

/** A schedule port for workers and tests without schedules: a schedule target pages nobody. */
export const noScheduleOnCall: ScheduleOnCall = async () => [];

export interface EscalationActivityDeps extends PageSenderDeps {
  /** A fresh unit of work per call. */
  escalationPaging: () => EscalationPagingStore;
  /** Optional: without it schedule targets page nobody. */
  onCall?: ScheduleOnCall;
}

/**
 * An escalation of an older cycle than the incident's has been replaced (reassigned or reopened
 * since): it pages nobody, even when its end never reached it (a reassignment made before the
 * relay had started it).
 */
const supersededBy = (incident: { escalation_cycle: number }, cycle: number | undefined): EscalationEnd | null =>
  incident.escalation_cycle > (cycle ?? 1) ? 'reassigned' : null;

/**
 * A cycle's level 1 was due the moment the cycle began: a resolution that came before it was sent
 * does not cancel it (as PagerDuty's immediate notifications); an acknowledgement does (decision 0020).
 */
const unlessDue = (end: EscalationEnd | null, sendIfResolved: boolean | undefined): EscalationEnd | null =>
  end === 'resolved' && sendIfResolved ? null : end;

/** The escalation's activities: read the policy, resolve a level's targets, page them at most once each; or all at once. */
export function createEscalationActivities(deps: EscalationActivityDeps) {
  const onCall = deps.onCall ?? noScheduleOnCall;
  const sendPage = createPageSender(deps);

  const steps = {
    /** The policy as it is now, or null when it was deleted before the escalation started. */
    async loadEscalationPolicy(input: { organizationId: string; policyId: string }): Promise<EscalationPolicySnapshot | null> {
      return (await deps.escalationPaging().policy(input.organizationId, input.policyId)) ?? null;
    },

    /**
     * The users a level pages at this moment: user targets still in the organization, whoever
     * each schedule has on call, and each team's on-call or else its members (shared/domain/teams.ts),
     * without duplicates. `end` is set, and nobody returned, when the
     * incident no longer needs anyone (acknowledged, assigned, resolved or deleted): a lost signal
     * cannot page anyone after an acknowledgement.
     */
    async resolveEscalationTargets(input: {
      organizationId: string;
      incidentId: string;
      targets: EscalationTarget[];
      /** The escalation's cycle (absent: 1). */
      cycle?: number;
      /** Level 1 as its cycle began: due even if the incident was resolved since (decision 0020). */
      sendIfResolved?: boolean;
    }): Promise<{ end: EscalationEnd | null; userIds: string[] }> {
      const paging = deps.escalationPaging();
      const incident = await paging.incident(input.organizationId, input.incidentId);
      if (!incident) return { end: 'resolved', userIds: [] };
      const end = supersededBy(incident, input.cycle) ?? unlessDue(incidentNeedsPaging(incident), input.sendIfResolved);
      if (end) return { end, userIds: [] };
      const now = new Date();
      const candidates = await targetUserIds(input.targets, {
        onCall: (scheduleId) => onCall(input.organizationId, scheduleId, now),
        team: (teamId) => paging.teamRoster(input.organizationId, teamId),
      });
      if (candidates.length === 0) return { end: null, userIds: [] };
      const present = await paging.membersAmong(input.organizationId, candidates);
      return { end: null, userIds: candidates.filter((id) => present.has(id)) };
    },

    /**
     * The pages each member gets through their notification rules for a page of this urgency
     * (shared/domain/notification-rules.ts): only rules and methods of the member, in the
     * organization; a member without an applicable rule gets the account email at once.
     */
    async planEscalationPages(input: { organizationId: string; userIds: string[]; urgency: PageUrgency }): Promise<PlannedPage[]> {
      if (input.userIds.length === 0) return [];
      const rows = await deps.escalationPaging().ruleCandidates(input.organizationId, input.userIds);
      return input.userIds.flatMap((userId) =>
        planMemberPages(
          userId,
          rows.filter((row) => row.user_id === userId),
          input.urgency,
        ),
      );
    },

    /**
     * Sends one batch of a level's pages: each page's row is claimed (status `sending`, leased) by
     * its unique (incident, cycle, round, level, user, rule) before the send, so a retried activity
     * skips the pages recorded before and sends again (marked resent) only those an attempt that
     * died left `sending`. All pages go at once, each bounded by its own timeout: one slow channel
     * or person never delays another's page. A failed send is recorded `failed` with its error and
     * does not fail the activity: the chain goes on. When the incident no longer needs anyone (a
     * delayed batch after a lost acknowledgement) nothing is sent and `end` says why.
     */
    async pageEscalationTargets(input: PageLevelInput): Promise<{ sent: number; failed: number; skipped: number; end?: EscalationEnd }> {
      const paging = deps.escalationPaging();
      const planned: PlannedPage[] =
        input.pages ??
        (input.userIds ?? []).map((userId) => ({ userId, ruleId: null, contactMethodId: null, method: 'email' as const, delayMs: 0 }));
      const incident = await paging.incident(input.organizationId, input.incidentId);
      if (!incident) throw ApplicationFailure.nonRetryable('incident not found');
      const ended =
        supersededBy(incident, input.cycle) ??
        unlessDue(input.assigneeId ? assigneeNeedsPaging(incident, input.assigneeId) : incidentNeedsPaging(incident), input.sendIfResolved);
      if (ended) return { sent: 0, failed: 0, skipped: planned.length, end: ended };
      const cycle = input.cycle ?? 1;
      const slot = {
        organizationId: input.organizationId,
        incidentId: input.incidentId,
        policyId: input.policyId,
        cycle,
        round: input.round,
        level: input.level,
      };
      const claimed = await paging.claimPages(slot, planned);
      const content = {
        incident,
        round: input.round,
        level: input.level,
        urgency: input.urgency,
        incidentUrl: incidentUrl(input.publicUrl, incident.id),
        ...(input.assigneeId ? { reassigned: true } : {}),
      };
      const { sent, failed, outcomes, sentPages } = await sendClaimedPages(
        claimed,
        { incident_id: input.incidentId, cycle, round: input.round, level: input.level },
        (page) => sendPage(input.organizationId, page, content, input.publicUrl, { resend: page.resend }),
        (pageId, result) => paging.recordClaimedPageOutcome(input.organizationId, pageId, result),
      );
      if (claimed.length > 0) {
        const resent = claimed.filter((page) => page.resend).length;
        const resentNote = resent > 0 ? ` (${resent} sent again after a worker stopped mid-send)` : '';
        // Written by the attempt that claimed the pages (a retry claims only what a dead attempt left): the timeline entry and the events.
        await paging.recordPagesSent({
          organizationId: input.organizationId,
          incidentId: input.incidentId,
          message: input.assigneeId
            ? `Paged the assignee: ${sent} sent, ${failed} failed${resentNote}`
            : `Escalation level ${input.level} paged (round ${input.round}): ${sent} sent, ${failed} failed${resentNote}`,
          summary: { policy_id: input.policyId, cycle, round: input.round, level: input.level, urgency: input.urgency, sent, failed },
          outcomes,
          sentPages,
        });
      }
      // Pages another attempt still holds: retried once their lease runs out, so none is left unsent.
      const held = await paging.pagesHeldElsewhere(slot, unclaimedPages(planned, claimed));
      if (held > 0) throw ApplicationFailure.retryable(`${held} page(s) still held by another attempt`, 'PagesHeldElsewhere');
      return { sent, failed, skipped: planned.length - claimed.length };
    },
  };
  return {
    ...steps,
    /** A whole level in one activity (activities/escalation-level.ts): what escalations run as a local activity. */
    escalateLevel: createEscalateLevel(steps),
  };
}
