// Kept free of Node built-ins and I/O: Temporal workflows import this file into their sandbox.
import { PAGE_CHANNEL_KINDS, type PageChannelKind } from '../paging/channel.ts';

/**
 * Whom a level pages: a member directly, whoever a schedule has on call at that moment, or a team
 * (its schedules' on-call, else its members: shared/domain/teams.ts).
 */
export interface EscalationTarget {
  type: 'user' | 'schedule' | 'team';
  id: string;
}

/**
 * How a level pages its targets: `all` together (the default), or `round_robin`: one target at a
 * time in order, the next after the level's delay (shared/domain/escalation-round-robin.ts).
 */
export const ESCALATION_LEVEL_MODES = ['all', 'round_robin'] as const;
export type EscalationLevelMode = (typeof ESCALATION_LEVEL_MODES)[number];

/** One level of a policy: its targets are paged (together unless round-robin), then the chain waits `delay_minutes`. */
export interface EscalationLevel {
  targets: EscalationTarget[];
  delay_minutes: number;
  /** Absent: `all`. */
  mode?: EscalationLevelMode;
}

/** What an escalation workflow works through: the policy as it was when the incident opened. */
export interface EscalationPolicySnapshot {
  id: string;
  name: string;
  levels: EscalationLevel[];
  /** How many more times the whole chain runs when nobody acknowledges (0..9). */
  repeat: number;
}

/** The most times a chain runs again. */
export const MAX_ESCALATION_REPEAT = 9;

/**
 * How urgently an incident pages, chosen by routing when it opens: `high` pages at once through
 * every contact method, `low` by email only.
 */
export const URGENCIES = ['high', 'low'] as const;
export type Urgency = (typeof URGENCIES)[number];

/** The urgency of an incident no routing rule chose. */
export const DEFAULT_URGENCY: Urgency = 'high';

/** How pages reach people: every page channel (shared/paging/channel.ts), one per contact method type. */
export const PAGE_METHODS = PAGE_CHANNEL_KINDS;
export type PageMethod = PageChannelKind;

export const PAGE_STATUSES = ['sent', 'failed'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

/** Why an escalation ended. */
export type EscalationEnd = 'acknowledged' | 'resolved' | 'exhausted' | 'no_policy' | 'reassigned';

/** What the escalation workflow answers to its state query. Levels and rounds count from 1. */
export interface EscalationState {
  policy_id: string | null;
  level: number;
  round: number;
  /** When the next level is paged, while the workflow waits; RFC 3339. */
  next_escalation_at: string | null;
  ended: EscalationEnd | null;
}

/**
 * The steps of a policy in the order they run: every level of the first round, then again for
 * each repeat. `last` marks the step after which the escalation ends without waiting.
 */
export function escalationSteps(policy: Pick<EscalationPolicySnapshot, 'levels' | 'repeat'>): Array<{
  round: number;
  level: number;
  delayMs: number;
  last: boolean;
}> {
  const rounds = 1 + Math.max(0, Math.min(MAX_ESCALATION_REPEAT, Math.trunc(policy.repeat)));
  const steps = [];
  for (let round = 1; round <= rounds; round += 1) {
    for (let level = 1; level <= policy.levels.length; level += 1) {
      const delayMs = Math.round((policy.levels[level - 1] as EscalationLevel).delay_minutes * 60_000);
      steps.push({ round, level, delayMs, last: false });
    }
  }
  const final = steps.at(-1);
  if (final) final.last = true;
  return steps;
}

/**
 * An escalation whose level 1 the outbox relay paged, as it waits for what comes next: what its state
 * query would answer meanwhile, and when it next has something to do (its level 1's delay when a
 * level follows, or its notification rules' first delayed batch); `wakeAt` null when nothing is left.
 */
export function waitAfterFirstLevel(
  firstLevel: { policy?: Pick<EscalationPolicySnapshot, 'levels' | 'repeat'>; pagedAt: number; later: ReadonlyArray<{ delayMs: number }> },
  policyId: string | null,
): { state: EscalationState; wakeAt: number | null } {
  const first = firstLevel.policy ? escalationSteps(firstLevel.policy)[0] : undefined;
  const nextLevelAt = first && !first.last ? firstLevel.pagedAt + first.delayMs : null;
  const laterAt = firstLevel.later.length > 0 ? firstLevel.pagedAt + Math.min(...firstLevel.later.map((batch) => batch.delayMs)) : null;
  const times = [nextLevelAt, laterAt].filter((at): at is number => at !== null);
  return {
    state: {
      policy_id: policyId,
      level: 1,
      round: 1,
      next_escalation_at: nextLevelAt === null ? null : new Date(nextLevelAt).toISOString(),
      ended: null,
    },
    wakeAt: times.length > 0 ? Math.min(...times) : null,
  };
}

/**
 * An escalation waiting, before any level is paged, until `wakeAt` (a group's group_wait): what its
 * state query would answer meanwhile; its level 1 is paged when it wakes.
 */
export function waitBeforeFirstLevel(wakeAt: number, policyId: string | null): { state: EscalationState; wakeAt: number } {
  return { state: { policy_id: policyId, level: 0, round: 0, next_escalation_at: new Date(wakeAt).toISOString(), ended: null }, wakeAt };
}

/**
 * Whether an incident in this state still needs someone: active and nobody assigned. Moving it out
 * of `active` or assigning it is acknowledging it (contract).
 */
export function incidentNeedsPaging(incident: { status: string; assignee_id: string | null }): EscalationEnd | null {
  if (incident.status === 'resolved') return 'resolved';
  if (incident.status !== 'active' || incident.assignee_id) return 'acknowledged';
  return null;
}

/**
 * Whether the person an incident was reassigned to still needs paging: it is assigned to them (so
 * being assigned is not their acknowledgement) and still `active`. Assigned elsewhere: reassigned again.
 */
export function assigneeNeedsPaging(incident: { status: string; assignee_id: string | null }, assigneeId: string): EscalationEnd | null {
  if (incident.status === 'resolved') return 'resolved';
  if (incident.status !== 'active') return 'acknowledged';
  if (incident.assignee_id !== assigneeId) return 'reassigned';
  return null;
}
