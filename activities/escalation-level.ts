import type { EscalationEnd, EscalationPolicySnapshot, EscalationTarget } from '../shared/domain/escalation.ts';
import { pagesByDelay, type PageUrgency, type PlannedPage } from '../shared/domain/notification-rules.ts';
import type { PageLevelInput } from './page-level-input.ts';

/** The escalation steps one level is made of (activities/escalation.activities.ts). */
export interface EscalationSteps {
  loadEscalationPolicy(input: { organizationId: string; policyId: string }): Promise<EscalationPolicySnapshot | null>;
  resolveEscalationTargets(input: {
    organizationId: string;
    incidentId: string;
    targets: EscalationTarget[];
    cycle?: number;
    sendIfResolved?: boolean;
  }): Promise<{ end: EscalationEnd | null; userIds: string[] }>;
  planEscalationPages(input: { organizationId: string; userIds: string[]; urgency: PageUrgency }): Promise<PlannedPage[]>;
  pageEscalationTargets(input: PageLevelInput): Promise<{ sent: number; failed: number; skipped: number; end?: EscalationEnd }>;
}

/**
 * One level of an escalation in one call: with `loadPolicy` (level 1 of round 1), the policy and
 * its first level; else `targets`; or, reassigned, `assigneeId` alone. Resolves whom to page now,
 * plans their notification rules and records and sends the pages due at once.
 */
export interface EscalateLevelInput extends Omit<PageLevelInput, 'pages' | 'userIds' | 'urgency'> {
  urgency: PageUrgency;
  loadPolicy?: boolean;
  targets?: EscalationTarget[];
}

/**
 * `policy` only with `loadPolicy` (null: deleted before the escalation started); `end` when the
 * incident no longer needs anyone; `later` the level's batches still to send, after their delay.
 */
export interface EscalateLevelResult {
  policy?: EscalationPolicySnapshot | null;
  end: EscalationEnd | null;
  sent: number;
  failed: number;
  later: Array<{ delayMs: number; pages: PlannedPage[] }>;
  /** When the level was paged (epoch ms): its delay and its rules' delays count from here. */
  pagedAt: number;
}

/**
 * Level 1 of round 1 as paged outside the workflow (the outbox relay, worker/outbox/first-level.ts)
 * before it started: the policy (or the assignee alone), when it was paged and its rules' batches
 * still to send.
 */
export interface FirstLevelPaged {
  /** Absent when the cycle pages one assignee rather than a policy. */
  policy?: EscalationPolicySnapshot;
  pagedAt: number;
  later: EscalateLevelResult['later'];
}

/**
 * Composes the four steps, so a level costs the workflow one (local) activity instead of four
 * round trips through the Temporal server. Each step keeps its guarantees: pages are claimed
 * before their send, so running the level again never pages twice.
 */
export function createEscalateLevel(steps: EscalationSteps) {
  return async function escalateLevel(input: EscalateLevelInput): Promise<EscalateLevelResult> {
    const { loadPolicy, targets: given, ...level } = input;
    const nothing = { sent: 0, failed: 0, later: [], pagedAt: Date.now() };
    let policy: EscalationPolicySnapshot | null | undefined;
    let targets = given ?? [];
    if (loadPolicy) {
      policy = input.policyId ? await steps.loadEscalationPolicy({ organizationId: input.organizationId, policyId: input.policyId }) : null;
      if (!policy) return { policy: null, end: 'no_policy', ...nothing };
      targets = policy.levels[0]?.targets ?? [];
    }
    let userIds: string[];
    if (input.assigneeId) userIds = [input.assigneeId];
    else {
      const resolved = await steps.resolveEscalationTargets({
        organizationId: input.organizationId,
        incidentId: input.incidentId,
        targets,
        cycle: input.cycle ?? 1,
        ...(input.sendIfResolved ? { sendIfResolved: true } : {}),
      });
      if (resolved.end) return { ...(loadPolicy ? { policy } : {}), end: resolved.end, ...nothing };
      userIds = resolved.userIds;
    }
    const planned = await steps.planEscalationPages({ organizationId: input.organizationId, userIds, urgency: input.urgency });
    const batches = pagesByDelay(planned);
    const now = batches[0]?.delayMs === 0 ? (batches.shift() as { pages: PlannedPage[] }) : null;
    const pagedAt = Date.now();
    const result = now ? await steps.pageEscalationTargets({ ...level, pages: now.pages }) : { sent: 0, failed: 0, end: undefined };
    return {
      ...(loadPolicy ? { policy } : {}),
      end: result.end ?? null,
      sent: result.sent,
      failed: result.failed,
      later: result.end ? [] : batches,
      pagedAt,
    };
  };
}
