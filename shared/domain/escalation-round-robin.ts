// Kept free of Node built-ins and I/O: Temporal workflows import escalation snapshots planned here.
import type { EscalationLevel, EscalationPolicySnapshot } from './escalation.ts';

/**
 * The levels an escalation runs through, round-robin levels unrolled: a `round_robin` level of N
 * targets becomes N levels of one target each, in the order given, each waiting the level's delay
 * before the next. `all` levels (and round-robin levels of one target) stay as they are. The
 * escalation workflow then pages one step at a time as it always did, and each step's pages keep
 * their own unique key (its level number), so a round-robin target is paged at most once per round.
 */
export function unrollRoundRobin(levels: readonly EscalationLevel[]): EscalationLevel[] {
  return levels.flatMap((level) =>
    level.mode === 'round_robin' && level.targets.length > 1
      ? level.targets.map((target) => ({ targets: [target], delay_minutes: level.delay_minutes, mode: 'all' as const }))
      : [level],
  );
}

/** A policy snapshot as the escalation workflow runs it: its round-robin levels unrolled. */
export function plannedPolicy(policy: EscalationPolicySnapshot): EscalationPolicySnapshot {
  return { ...policy, levels: unrollRoundRobin(policy.levels) };
}
