import type { EscalateLevelInput, EscalateLevelResult, FirstLevelPaged } from '../../activities/escalation-level.ts';
import { DEFAULT_URGENCY } from '../../shared/domain/escalation.ts';
import type { Logger } from '../../shared/logger.ts';
import type { EscalationInput } from '../../workflows/escalation.workflow.ts';

/**
 * How long the relay waits for one incident's first level before starting its escalation without
 * it: an email or push takes milliseconds; a slow webhook page must not hold the batch (and the
 * pages behind it), so past this the workflow takes level 1 over and finds what went out.
 */
export const FIRST_LEVEL_BUDGET_MS = 2_000;

/**
 * How long after its cycle began the relay still treats level 1 as due (sent even if the incident
 * was resolved since): the relay meets events within milliseconds; one that reaches a cycle later
 * (after an outage) does not wake someone for an incident long over (decision 0020).
 */
export const FIRST_LEVEL_DUE_MS = 60_000;

export const firstLevelDue = (cycleBeganAt: number, now: number): boolean => now - cycleBeganAt < FIRST_LEVEL_DUE_MS;

export interface FirstLevelPagerDeps {
  /** The escalation's own level step (activities/escalation-level.ts), with its claims. */
  escalateLevel(input: EscalateLevelInput): Promise<EscalateLevelResult>;
  logger: Pick<Logger, 'warn'>;
  budgetMs?: number;
}

/**
 * Pages a new cycle's level 1 (a new incident, a reopened or reassigned one) from the relay, before
 * its escalation workflow exists, so the
 * first page waits for no workflow start, task or activity round trip. Answers what the workflow
 * then takes over from; undefined when the level did not complete here (an error, the budget ran
 * out, no policy, or the incident no longer needs anyone): the workflow then runs level 1 itself,
 * and the pages' claims (one per incident, cycle, round, level, user and rule) make that page
 * nobody twice.
 */
export function createFirstLevelPager(deps: FirstLevelPagerDeps) {
  const budgetMs = deps.budgetMs ?? FIRST_LEVEL_BUDGET_MS;
  return async function pageFirstLevel(input: EscalationInput): Promise<FirstLevelPaged | undefined> {
    const paging = deps
      .escalateLevel({
        organizationId: input.organizationId,
        incidentId: input.incidentId,
        policyId: input.policyId,
        cycle: input.cycle ?? 1,
        round: 1,
        level: 1,
        urgency: input.urgency ?? DEFAULT_URGENCY,
        publicUrl: input.publicUrl,
        // Reassigned (or opened by hand) for a person: they alone; else the policy's level 1.
        ...(input.assigneeId ? { assigneeId: input.assigneeId } : { loadPolicy: true }),
        ...(input.firstLevelDue ? { sendIfResolved: true } : {}),
      })
      .then((result): FirstLevelPaged | undefined => {
        if (result.end) return undefined;
        if (input.assigneeId) return { pagedAt: result.pagedAt, later: result.later };
        return result.policy ? { policy: result.policy, pagedAt: result.pagedAt, later: result.later } : undefined;
      })
      .catch((error: unknown) => {
        deps.logger.warn(
          { err: error, incidentId: input.incidentId },
          'first escalation level not paged by the relay; the workflow pages it',
        );
        return undefined;
      });
    let timer: NodeJS.Timeout | undefined;
    const outOfTime = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), budgetMs);
    });
    try {
      return await Promise.race([paging, outOfTime]);
    } finally {
      clearTimeout(timer);
    }
  };
}

export type PageFirstLevel = ReturnType<typeof createFirstLevelPager>;
