import { ApplicationFailure } from '@temporalio/activity';
import { pagesByDelay, planMemberPages, type PlannedPage } from '../shared/domain/notification-rules.ts';
import { responderNeedsPaging } from '../shared/domain/responders.ts';
import type { ResponderPageStore } from '../shared/db/access/responder-pages.ts';
import { unclaimedPages } from '../shared/db/access/pages.ts';
import { createPageSender, type PageSenderDeps } from '../shared/paging/page-sender.ts';
import { sendClaimedPages } from '../shared/paging/claimed-pages.ts';
import { incidentUrl } from '../shared/domain/incident.ts';

export interface ResponderActivityDeps extends PageSenderDeps {
  /** Responders' pages and what paging them reads, on a fresh unit of work per call. */
  responderPages: () => ResponderPageStore;
}

/** One batch of a responder's pages; without `pages`, the first: planned from their notification rules now. */
export interface PageResponderInput {
  organizationId: string;
  responderId: string;
  pages?: PlannedPage[];
  /** Base of the incident link (PUBLIC_URL). */
  publicUrl: string;
}

export interface PageResponderResult {
  /** False once the responder answered (or the incident resolved): nothing more is sent. */
  waiting: boolean;
  sent: number;
  failed: number;
  /** The responder's rule batches still to send, after their delay from the first. */
  later: Array<{ delayMs: number; pages: PlannedPage[] }>;
}

/** Responders' pages all sit in cycle 0 (escalation cycles count from 1), one row per (responder, rule). */
const RESPONDER_SLOT = { policyId: null, cycle: 0, round: 1, level: 0 } as const;

/**
 * Pages a responder through their own notification rules (high urgency: they were asked by a
 * person). Each page is claimed before its send by its unique key (incident, cycle 0, user, rule),
 * so a retried activity or workflow never pages twice; a responder who accepted or declined, or
 * whose incident resolved, is paged no more.
 */
export function createResponderActivities(deps: ResponderActivityDeps) {
  const sendPage = createPageSender(deps);
  return {
    async pageResponder(input: PageResponderInput): Promise<PageResponderResult> {
      const store = deps.responderPages();
      const responder = await store.responder(input.organizationId, input.responderId);
      const incident = responder ? await store.incident(input.organizationId, responder.incident_id) : undefined;
      const idle = { waiting: false, sent: 0, failed: 0, later: [] };
      if (!responder || !incident || !responderNeedsPaging(responder, { status: incident.status })) return idle;
      let pages = input.pages;
      let later: PageResponderResult['later'] = [];
      if (!pages) {
        const rows = await store.ruleCandidates(input.organizationId, [responder.user_id]);
        const batches = pagesByDelay(planMemberPages(responder.user_id, rows, 'high'));
        pages = batches[0]?.delayMs === 0 ? (batches.shift()?.pages ?? []) : [];
        later = batches;
      }
      const slot = { organizationId: input.organizationId, incidentId: incident.id, responderId: input.responderId, ...RESPONDER_SLOT };
      const claimed = await store.claim(slot, pages);
      const content = {
        incident,
        round: 1,
        level: 0,
        urgency: 'high' as const,
        incidentUrl: incidentUrl(input.publicUrl, incident.id),
        responder: { message: responder.message },
      };
      const { sent, failed, outcomes, sentPages } = await sendClaimedPages(
        claimed,
        { incident_id: incident.id, responder_id: input.responderId },
        (page) => sendPage(input.organizationId, page, content, input.publicUrl, { resend: page.resend }),
        (pageId, result) => store.recordOutcome(input.organizationId, pageId, result),
      );
      if (claimed.length > 0) {
        const name = (await store.memberName(input.organizationId, responder.user_id)) ?? 'a member';
        await store.recordSent({
          organizationId: input.organizationId,
          incidentId: incident.id,
          message: `Paged responder ${name}: ${sent} sent, ${failed} failed`,
          summary: { policy_id: null, cycle: 0, round: 1, level: 0, urgency: 'high', sent, failed },
          outcomes,
          sentPages,
        });
      }
      const held = await store.heldElsewhere(slot, unclaimedPages(pages, claimed));
      if (held > 0) throw ApplicationFailure.retryable(`${held} page(s) still held by another attempt`, 'PagesHeldElsewhere');
      return { waiting: true, sent, failed, later };
    },
  };
}
