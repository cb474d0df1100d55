import { useQuery } from '@tanstack/react-query';
import { api, unwrap, type Schemas } from './api.ts';

export type Team = Schemas['Team'];

/** An escalation level's team target: the team's on-call, else every member. */
export interface TeamTarget {
  type: 'team';
  id: string;
}

export const TEAMS_KEY = 'teams';

export function useTeams() {
  return useQuery({
    queryKey: [TEAMS_KEY, 'list'],
    queryFn: async () => unwrap(await api.GET('/api/v1/teams', { params: { query: { limit: 100 } } })).data,
  });
}

/** A team's name by id; a deleted one (or one not loaded yet) reads as "a deleted team". */
export function teamName(teams: readonly Team[] | undefined, id: string): string {
  return teams?.find((team) => team.id === id)?.name ?? 'A deleted team';
}
