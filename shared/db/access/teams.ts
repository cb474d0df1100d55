import type { EntityManager } from '@mikro-orm/postgresql';
import type { TeamRoster } from '../../domain/teams.ts';

/**
 * A team's schedules and members, as a level that pages the team reads them (schedules oldest
 * first, members in the order they joined); null when it is not the organization's.
 */
export async function teamRoster(em: EntityManager, organizationId: string, teamId: string): Promise<TeamRoster | null> {
  const [row] = await em.execute<Array<{ schedule_ids: string[]; member_ids: string[] }>>(
    `select
       array(select s.id from schedules s where s.organization_id = t.organization_id and s.team_id = t.id
             order by s.created_at, s.id) as schedule_ids,
       array(select m.user_id from team_members m where m.organization_id = t.organization_id and m.team_id = t.id
             order by m.created_at, m.id) as member_ids
     from teams t where t.id = ? and t.organization_id = ?`,
    [teamId, organizationId],
  );
  return row ? { scheduleIds: row.schedule_ids.map(String), memberIds: row.member_ids.map(String) } : null;
}

/** The organization's escalation policies with a level that pages the team, by name. */
export async function policiesPagingTeam(
  em: EntityManager,
  organizationId: string,
  teamId: string,
): Promise<Array<{ id: string; name: string }>> {
  return em.execute(
    `select p.id, p.name from escalation_policies p
     where p.organization_id = ? and p.levels::jsonb @> ?::jsonb
     order by p.name, p.id`,
    [organizationId, JSON.stringify([{ targets: [{ type: 'team', id: teamId }] }])],
  );
}
