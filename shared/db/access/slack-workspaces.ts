import type { EntityManager } from '@mikro-orm/postgresql';

/** The organizations whose Slack connection is the workspace `teamId` (an install records its team in the summary). */
export async function organizationsOfSlackTeam(em: EntityManager, teamId: string): Promise<string[]> {
  const rows = await em.execute<Array<{ organization_id: string }>>(
    `select organization_id from channel_connections where kind = 'slack' and summary ->> 'team_id' = ? order by organization_id`,
    [teamId],
  );
  return rows.map((row) => row.organization_id);
}
