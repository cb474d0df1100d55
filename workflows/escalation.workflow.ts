import { ApplicationFailure, condition, patched, proxyActivities, proxyLocalActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { EscalateLevelInput, EscalateLevelResult, FirstLevelPaged } from '../activities/escalation-level.ts';
import { DEFAULT_URGENCY, escalationSteps, type EscalationEnd, type EscalationState, type Urgency } from '../shared/domain/escalation.ts';
import { pagesByDelay, type PlannedPage } from '../shared/domain/notification-rules.ts';
import { escalationActivityOptions, escalationLocalActivityOptions } from './activity-options.ts';
import { localFirst } from './helpers/local-first.ts';
import {
  escalateNowSignal,
  escalationAcknowledgeSignal,
  escalationResolveSignal,
  escalationStateQuery,
  reassignEscalationUpdate,
} from './messages.ts';

const durable = proxyActivities<Activities>(escalationActivityOptions);
const { loadEscalationPolicy, resolveEscalationTargets, planEscalationPages, pageEscalationTargets } = durable;
const local = proxyLocalActivities<Activities>(escalationLocalActivityOptions);

const escalateLevelLocally = localFirst(local.escalateLevel, durable.escalateLevel);
const pageLocally = localFirst(local.pageEscalationTargets, durable.pageEscalationTargets);

export interface EscalationInput {
  organizationId: string;
  incidentId: string;
  /** The policy paged; null when the escalation pages only `assigneeId`. */
  policyId: string | null;
  /**
   * Set when the incident was reassigned to this person: they alone are paged, through their
   * notification rules, while the incident stays active and theirs.
   */
  assigneeId?: string | null;
  /** The incident's escalation cycle (absent: 1): its pages carry it, so a new cycle pages afresh. */
  cycle?: number;
  /**
   * Chosen by routing; absent in escalations started before urgency existed, which page as `high`.
   * `high` pages through every matching notification rule; `low` by email only.
   */
  urgency?: Urgency;
  /** Base of the incident links in page mails (PUBLIC_URL). */
  publicUrl: string;
  /**
   * Level 1 of round 1 as the outbox relay already paged it before starting this workflow
   * (worker/outbox/first-level.ts): the workflow takes over from its delay. Absent: it pages level 1.
   */
  firstLevel?: FirstLevelPaged;
  /**
   * Level 1 was due when the cycle began (the relay met its event at once): paged here, it is sent
   * even if the incident was resolved since, as the relay would have (decision 0020).
   */
  firstLevelDue?: boolean;
}

/** A batch of a level's pages waiting for its rules' delay. */
interface DueBatch {
  dueAt: number;
  round: number;
  level: number;
  pages: PlannedPage[];
}

// Escalations started before notification rules page each target by email at once, without
// planning: replaying their histories must issue the same commands.
const RULES_PATCH = 'notification-rules';
// Escalations started before one-step levels ran each level as four activities through the
// server (policy, targets, rules, pages): replaying their histories must issue the same commands.
const ONE_STEP_PATCH = 'one-step-levels';
// One-step levels then ran as local activities, which hold the workflow task while they page (a
// slow webhook: seconds), so an acknowledgement or reassignment waited for the send. Escalations
// recorded that way replay with them; new ones run each level as one regular activity.
const LEVEL_ACTIVITY_PATCH = 'level-activities';
// "Escalate now" while nothing was paged yet (a group's wait, a delayed start) once also skipped
// level 1's delay, so level 2 paged right after level 1: those histories replay that way.
const ESCALATE_NOW_FROM_LEVEL_PATCH = 'escalate-now-from-a-paged-level';

/**
 * One incident's escalation, `escalation:<incident id>`: pages each level of its policy in turn,
 * round after round, waiting each level's delay in between (a durable timer, or until
 * "escalate now"); ends on acknowledge, resolve, or after the last level of the last round once
 * its delayed pages went out. Each target is paged through their notification rules: each rule's
 * batch fires at the level's page time plus its delay, on the workflow's own timers. A reassignment
 * (update) ends it; the incident's next cycle then pages the new person or policy.
 */
export async function escalationWorkflow(input: EscalationInput): Promise<{ ended: EscalationEnd }> {
  // First, before any command: a history recorded before the patch has none at this point.
  const oneStep = patched(ONE_STEP_PATCH);
  const levelActivities = oneStep && patched(LEVEL_ACTIVITY_PATCH);
  const nowSkipsAPagedLevelsWait = patched(ESCALATE_NOW_FROM_LEVEL_PATCH);
  const runLevel = levelActivities ? durable.escalateLevel : escalateLevelLocally;
  const pageBatch = levelActivities ? pageEscalationTargets : oneStep ? pageLocally : pageEscalationTargets;
  const urgency: Urgency = input.urgency ?? DEFAULT_URGENCY;
  // Level 1 paged by the relay already: a message handled before the code below runs (the first
  // task of an escalation that waited as a delayed start) answers from there.
  const paged = input.firstLevel ? 1 : 0;
  const state: EscalationState = { policy_id: input.policyId, level: paged, round: paged, next_escalation_at: null, ended: null };
  const assigneeId = input.assigneeId ?? null;
  let stop: EscalationEnd | null = null;
  let skipWait = false;
  setHandler(escalationAcknowledgeSignal, () => {
    stop ??= 'acknowledged';
  });
  setHandler(escalationResolveSignal, () => {
    stop ??= 'resolved';
  });
  setHandler(escalateNowSignal, () => {
    // Before any level is paged (the signal that ended a group's wait), the next level is level 1,
    // which this run pages at once anyway: nothing of it is left to skip a delay.
    if (state.level > 0 || !nowSkipsAPagedLevelsWait) skipWait = true;
  });
  setHandler(
    reassignEscalationUpdate,
    () => {
      stop ??= 'reassigned';
      state.ended = 'reassigned';
      state.next_escalation_at = null;
      return { ...state };
    },
    {
      validator: () => {
        if (stop !== null || state.ended !== null)
          throw ApplicationFailure.create({ type: 'EscalationEnded', message: 'the escalation has ended' });
      },
    },
  );
  setHandler(escalationStateQuery, () => ({ ...state }));

  const end = (why: EscalationEnd) => {
    state.ended = why;
    state.next_escalation_at = null;
    return { ended: why };
  };

  const due: DueBatch[] = [];
  /** Sends every batch whose time has come, soonest first. */
  const sendDue = async (policyId: string | null) => {
    due.sort((a, b) => a.dueAt - b.dueAt);
    while (!stop && due.length > 0 && (due[0] as DueBatch).dueAt <= Date.now()) {
      const batch = due.shift() as DueBatch;
      const result = await pageBatch({
        organizationId: input.organizationId,
        incidentId: input.incidentId,
        policyId,
        cycle: input.cycle ?? 1,
        ...(assigneeId ? { assigneeId } : {}),
        round: batch.round,
        level: batch.level,
        pages: batch.pages,
        urgency,
        publicUrl: input.publicUrl,
      });
      // The incident was acknowledged or resolved and the signal was lost: nothing more is sent.
      if (result.end) stop ??= result.end;
    }
  };
  /**
   * Sends delayed batches as they fall due until `until` (a level's wait, which "escalate now"
   * also ends) or, with `until` null, until none is left; a stop ends either.
   */
  const waitSending = async (policyId: string | null, until: number | null) => {
    const interrupted = () => stop !== null || (until !== null && skipWait);
    for (;;) {
      await sendDue(policyId);
      if (interrupted()) return;
      const next = due.length > 0 ? Math.min(...due.map((batch) => batch.dueAt)) : null;
      const wake = next === null ? until : until === null ? next : Math.min(next, until);
      if (wake === null) return;
      if (until !== null && Date.now() >= until) return;
      await condition(interrupted, Math.max(1, wake - Date.now()));
    }
  };

  let pagedAt = 0;
  /**
   * A level's result: its delayed batches wait in `due` from `at`, by default the activity's clock,
   * recorded with its result (the workflow's own stands at the task's start).
   */
  const tookLevel = (round: number, level: number, result: EscalateLevelResult, at = Math.max(Date.now(), result.pagedAt)) => {
    pagedAt = at;
    for (const batch of result.later) due.push({ dueAt: pagedAt + batch.delayMs, round, level, pages: batch.pages });
    // The incident no longer needs anyone, and the signal that says so was lost: nothing more is sent.
    if (result.end && result.end !== 'no_policy') stop ??= result.end;
    return result;
  };
  /** Pages one level in one activity. */
  const pageLevel = async (round: number, level: number, extra: Pick<EscalateLevelInput, 'loadPolicy' | 'targets' | 'sendIfResolved'>) => {
    const result = await runLevel({
      organizationId: input.organizationId,
      incidentId: input.incidentId,
      policyId: input.policyId,
      cycle: input.cycle ?? 1,
      ...(assigneeId ? { assigneeId } : {}),
      round,
      level,
      urgency,
      publicUrl: input.publicUrl,
      ...extra,
    });
    return tookLevel(round, level, result);
  };
  if (oneStep) {
    const due = input.firstLevelDue ? { sendIfResolved: true } : {};
    if (assigneeId) {
      Object.assign(state, { round: 1, level: 1 });
      // Paged by the relay already: its delayed batches count from that page.
      if (input.firstLevel) tookLevel(1, 1, { ...input.firstLevel, end: null, sent: 0, failed: 0 }, input.firstLevel.pagedAt);
      else await pageLevel(1, 1, due);
      await waitSending(input.policyId, null);
      return end(stop ?? 'exhausted');
    }
    if (!input.policyId) return end('no_policy');
    // Level 1 is being paged: a reassignment answered meanwhile says so.
    Object.assign(state, { round: 1, level: 1 });
    // Paged by the relay already: its delay counts from that page, not from this task.
    const first = input.firstLevel
      ? tookLevel(1, 1, { ...input.firstLevel, end: null, sent: 0, failed: 0 }, input.firstLevel.pagedAt)
      : await pageLevel(1, 1, { loadPolicy: true, ...due });
    const policy = first.policy;
    if (!policy) {
      Object.assign(state, { round: 0, level: 0 });
      return end('no_policy');
    }
    for (const [index, step] of escalationSteps(policy).entries()) {
      const level = policy.levels[step.level - 1];
      if (stop || !level) break;
      Object.assign(state, { round: step.round, level: step.level, next_escalation_at: null });
      if (index > 0) await pageLevel(step.round, step.level, { targets: level.targets });
      if (stop) return end(stop);
      if (step.last) break;
      const until = pagedAt + step.delayMs;
      state.next_escalation_at = new Date(until).toISOString();
      // An "escalate now" that arrived while this level was paged ends this wait at once.
      await waitSending(policy.id, until);
      skipWait = false;
      state.next_escalation_at = null;
    }
    if (stop) return end(stop);
    // The last level's delayed rules still page, until someone acknowledges.
    await waitSending(policy.id, null);
    return end(stop ?? 'exhausted');
  }

  if (assigneeId) {
    // Reassigned to a person: their rules' batches as one level, until they acknowledge.
    Object.assign(state, { round: 1, level: 1 });
    const planned = await planEscalationPages({ organizationId: input.organizationId, userIds: [assigneeId], urgency });
    const pagedAt = Date.now();
    for (const batch of pagesByDelay(planned)) due.push({ dueAt: pagedAt + batch.delayMs, round: 1, level: 1, pages: batch.pages });
    await waitSending(input.policyId, null);
    return end(stop ?? 'exhausted');
  }
  if (!input.policyId) return end('no_policy');
  const policy = await loadEscalationPolicy({ organizationId: input.organizationId, policyId: input.policyId });
  if (!policy) return end('no_policy');
  const withRules = patched(RULES_PATCH);
  for (const step of escalationSteps(policy)) {
    if (stop) return end(stop);
    const level = policy.levels[step.level - 1];
    if (!level) break;
    const targets = await resolveEscalationTargets({
      organizationId: input.organizationId,
      incidentId: input.incidentId,
      targets: level.targets,
      cycle: input.cycle ?? 1,
    });
    if (targets.end) return end(targets.end);
    if (stop) return end(stop);
    Object.assign(state, { round: step.round, level: step.level, next_escalation_at: null });
    const planned: PlannedPage[] = withRules
      ? await planEscalationPages({ organizationId: input.organizationId, userIds: targets.userIds, urgency })
      : targets.userIds.map((userId) => ({ userId, ruleId: null, contactMethodId: null, method: 'email', delayMs: 0 }));
    const pagedAt = Date.now();
    for (const batch of pagesByDelay(planned)) {
      due.push({ dueAt: pagedAt + batch.delayMs, round: step.round, level: step.level, pages: batch.pages });
    }
    if (withRules) await sendDue(policy.id);
    else {
      // The shape of the original history: one activity for the level, sent at once.
      await pageEscalationTargets({
        organizationId: input.organizationId,
        incidentId: input.incidentId,
        policyId: policy.id,
        round: step.round,
        level: step.level,
        userIds: targets.userIds,
        publicUrl: input.publicUrl,
      });
      due.length = 0;
    }
    if (withRules && stop) return end(stop);
    if (step.last) break;
    const until = Date.now() + step.delayMs;
    state.next_escalation_at = new Date(until).toISOString();
    // An "escalate now" that arrived while this level was paged ends this wait at once.
    if (withRules) await waitSending(policy.id, until);
    else await condition(() => stop !== null || skipWait, step.delayMs);
    skipWait = false;
    state.next_escalation_at = null;
  }
  // The last level's delayed rules still page, until someone acknowledges.
  await waitSending(policy.id, null);
  return end(stop ?? 'exhausted');
}
