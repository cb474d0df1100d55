import type { EntityManager } from '@mikro-orm/postgresql';

/** The organizations whose Slack connection is the workspace `teamId` (an install records its team in the summary). */
export async function organizationsOfSlackTeam(em: EntityManager, teamId: string): Promise<string[]> {
  const rows = await em.execute<Array<{ organization_id: string }>>(
    `select organization_id from channel_connections where kind = 'slack' and summary ->> 'team_id' = ? order by organization_id`,
    [teamId],
  );
  return rows.map((row) => row.organization_id);
}

/** The Slack message a page was sent as (its channel's reference), with the incident's status now. */
export async function slackPageMessage(
  em: EntityManager,
  organizationId: string,
  pageId: string,
): Promise<{ message_ref: string; status: string } | undefined> {
  const [row] = await em.execute<Array<{ message_ref: string; status: string }>>(
    `select p.message_ref, i.status from pages p join incidents i on i.id = p.incident_id and i.organization_id = p.organization_id
     where p.id = ? and p.organization_id = ? and p.method = 'slack' and p.message_ref is not null`,
    [pageId, organizationId],
  );
  return row;
}
