// Kept free of Node built-ins and I/O.
import type { EscalationTarget } from './escalation.ts';

/** A member's role in a team: managers are who to ask about the team; both are paged alike. */
export const TEAM_ROLES = ['member', 'manager'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** The most members a team has; a team page goes to all of them when nobody is on call. */
export const MAX_TEAM_MEMBERS = 200;

/** What a level needs to know of a team to page it: its schedules and its members. */
export interface TeamRoster {
  scheduleIds: string[];
  memberIds: string[];
}

/** The lookups target resolution needs (the activity passes database reads). */
export interface TargetLookups {
  /** Who a schedule has on call now (empty: a gap, or no such schedule). */
  onCall(scheduleId: string): Promise<string[]>;
  /** The team's schedules and members; null when it is gone or of another organization. */
  team(teamId: string): Promise<TeamRoster | null>;
}

/**
 * The user ids a level's targets name at this moment, in target order, without duplicates: a user
 * target itself; a schedule target its on-call; a team target its schedules' on-call, or (nobody on
 * call, or no schedules) every member, as Grafana OnCall pages a team without a rotation.
 */
export async function targetUserIds(targets: readonly EscalationTarget[], lookups: TargetLookups): Promise<string[]> {
  const ids: string[] = [];
  for (const target of targets) {
    if (target.type === 'user') ids.push(target.id);
    else if (target.type === 'schedule') ids.push(...(await lookups.onCall(target.id)));
    else {
      const roster = await lookups.team(target.id);
      if (!roster) continue;
      const onCall: string[] = [];
      for (const scheduleId of roster.scheduleIds) onCall.push(...(await lookups.onCall(scheduleId)));
      ids.push(...(onCall.length > 0 ? onCall : roster.memberIds));
    }
  }
  return [...new Set(ids)];
}
