import type { EntityManager } from '@mikro-orm/postgresql';
import { identityUser } from './channel-identities.ts';
import { memberRole } from './member-roles.ts';
import { memberName } from './users.ts';

/** The Slack message a page was sent as (its channel's reference), with the incident's status now. */
export interface SlackPageMessage {
  message_ref: string;
  status: string;
}

/**
 * What the Slack app reads of an organization: its members, their linked Slack accounts and the
 * pages sent to Slack. Every method is scoped by `organizationId` except the workspace lookup, which
 * runs on a verified Slack request before any organization is known.
 */
export interface SlackWorkspaceStore {
  /** The organizations whose Slack connection is the workspace `teamId` (an install records its team in the summary). */
  organizationsOfTeamAcrossOrganizations(teamId: string): Promise<string[]>;
  pageMessage(organizationId: string, pageId: string): Promise<SlackPageMessage | undefined>;
  /** The member's display name; undefined when they are not in the organization. */
  memberName(organizationId: string, userId: string): Promise<string | undefined>;
  /** The member's role; undefined when they are not in the organization. */
  memberRole(organizationId: string, userId: string): Promise<string | undefined>;
  /** The member the Slack account is linked to. */
  linkedMember(organizationId: string, slackUserId: string): Promise<string | undefined>;
}

export function createSlackWorkspaceStore(em: EntityManager): SlackWorkspaceStore {
  return {
    async organizationsOfTeamAcrossOrganizations(teamId) {
      const rows = await em.execute<Array<{ organization_id: string }>>(
        `select organization_id from channel_connections where kind = 'slack' and summary ->> 'team_id' = ? order by organization_id`,
        [teamId],
      );
      return rows.map((row) => row.organization_id);
    },

    async pageMessage(organizationId, pageId) {
      const [row] = await em.execute<SlackPageMessage[]>(
        `select p.message_ref, i.status from pages p join incidents i on i.id = p.incident_id and i.organization_id = p.organization_id
         where p.id = ? and p.organization_id = ? and p.method = 'slack' and p.message_ref is not null`,
        [pageId, organizationId],
      );
      return row;
    },

    memberName: (organizationId, userId) => memberName(em, organizationId, userId),
    memberRole: (organizationId, userId) => memberRole(em, organizationId, userId),
    linkedMember: (organizationId, slackUserId) => identityUser(em, organizationId, 'slack', slackUserId),
  };
}
