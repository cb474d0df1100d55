import { useQuery } from '@tanstack/react-query';
import { callApi } from './api.ts';

/** A team as `GET /teams` answers it (called through callApi until the regenerated client has the routes). */
export interface Team {
  id: string;
  name: string;
  description: string | null;
  default_escalation_policy_id: string | null;
  members: Array<{ user_id: string; name: string; email: string; role: 'member' | 'manager'; added_at: string }>;
  schedule_ids: string[];
}

/** An escalation level's team target: the team's on-call, else every member. */
export interface TeamTarget {
  type: 'team';
  id: string;
}

export const TEAMS_KEY = 'teams';

export function useTeams() {
  return useQuery({
    queryKey: [TEAMS_KEY, 'list'],
    queryFn: async () => (await callApi<{ data: Team[] }>('GET', '/teams?limit=100')).data,
  });
}

/** A team's name by id; a deleted one (or one not loaded yet) reads as "a deleted team". */
export function teamName(teams: readonly Team[] | undefined, id: string): string {
  return teams?.find((team) => team.id === id)?.name ?? 'A deleted team';
}
