import { condition, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { DEFAULT_URGENCY, escalationSteps, type EscalationEnd, type EscalationState, type Urgency } from '../shared/domain/escalation.ts';
import { escalationActivityOptions } from './activity-options.ts';
import { escalateNowSignal, escalationAcknowledgeSignal, escalationResolveSignal, escalationStateQuery } from './messages.ts';

const { loadEscalationPolicy, resolveEscalationTargets, pageEscalationTargets } = proxyActivities<Activities>(escalationActivityOptions);

export interface EscalationInput {
  organizationId: string;
  incidentId: string;
  policyId: string;
  /** Chosen by routing; absent in escalations started before urgency existed, which page as `high`. */
  urgency?: Urgency;
  /** Base of the incident links in page mails (PUBLIC_URL). */
  publicUrl: string;
}

/**
 * One incident's escalation, `escalation:<incident id>`: pages each level of its policy in turn,
 * round after round, waiting each level's delay in between (a durable timer, or until
 * "escalate now"); ends on acknowledge, resolve, or after the last level of the last round.
 */
export async function escalationWorkflow(input: EscalationInput): Promise<{ ended: EscalationEnd }> {
  const state: EscalationState = { policy_id: input.policyId, level: 0, round: 0, next_escalation_at: null, ended: null };
  let stop: EscalationEnd | null = null;
  let skipWait = false;
  setHandler(escalationAcknowledgeSignal, () => {
    stop ??= 'acknowledged';
  });
  setHandler(escalationResolveSignal, () => {
    stop ??= 'resolved';
  });
  setHandler(escalateNowSignal, () => {
    skipWait = true;
  });
  setHandler(escalationStateQuery, () => ({ ...state }));

  const end = (why: EscalationEnd) => {
    state.ended = why;
    state.next_escalation_at = null;
    return { ended: why };
  };

  const policy = await loadEscalationPolicy({ organizationId: input.organizationId, policyId: input.policyId });
  if (!policy) return end('no_policy');
  for (const step of escalationSteps(policy)) {
    if (stop) return end(stop);
    const level = policy.levels[step.level - 1];
    if (!level) break;
    const targets = await resolveEscalationTargets({
      organizationId: input.organizationId,
      incidentId: input.incidentId,
      targets: level.targets,
    });
    if (targets.end) return end(targets.end);
    if (stop) return end(stop);
    Object.assign(state, { round: step.round, level: step.level, next_escalation_at: null });
    await pageEscalationTargets({
      organizationId: input.organizationId,
      incidentId: input.incidentId,
      policyId: policy.id,
      round: step.round,
      level: step.level,
      userIds: targets.userIds,
      urgency: input.urgency ?? DEFAULT_URGENCY,
      publicUrl: input.publicUrl,
    });
    if (step.last) break;
    state.next_escalation_at = new Date(Date.now() + step.delayMs).toISOString();
    // An "escalate now" that arrived while this level was paged ends this wait at once.
    await condition(() => stop !== null || skipWait, step.delayMs);
    skipWait = false;
    state.next_escalation_at = null;
  }
  return end(stop ?? 'exhausted');
}
