import { DEFAULT_SLACK_API_URL } from '../../shared/paging/slack/client.ts';
import type { Config } from '../../shared/config.ts';
import type { SecretBox } from '../../shared/crypto/secret-box.ts';
import type { ChannelConnectionStore } from '../../shared/db/access/channel-connections.ts';
import type { SeenRequestStore } from '../../shared/db/access/seen-request-signatures.ts';
import type { SlackWorkspaceStore } from '../../shared/db/access/slack-workspaces.ts';
import { createSlackChannel } from '../../shared/paging/channels/slack.ts';
import { isRole, ROLE_PERMISSIONS } from '../../shared/domain/permissions.ts';
import { incidentUrl } from '../../shared/domain/incident.ts';
import { oneLine } from '../../shared/mail/notification-mail.ts';
import type { ChannelLinks } from '../../shared/paging/channel-link-token.ts';
import type { ChannelActionRequest, ChannelActionResult } from '../../shared/paging/channel.ts';
import { createSlackActionSigner } from '../../shared/paging/slack/action-token.ts';
import { slackEscape } from '../../shared/paging/slack/blocks.ts';
import type { AuthContext } from '../auth-context.ts';
import type { IncidentService } from './incident.service.ts';
import type { ScheduleService } from './schedule.service.ts';
import { createSlackInboundService } from './slack-inbound.service.ts';
import { createSlackInstallService } from './slack-install.service.ts';

/** The Slack app's API services, wired from the API's own parts (api/deps.ts). */
export function createSlackServices(deps: {
  config: Config;
  workspaces: () => SlackWorkspaceStore;
  connections: () => ChannelConnectionStore;
  seen: () => SeenRequestStore;
  secretBox: SecretBox;
  links: ChannelLinks;
  channelActions: { apply(request: ChannelActionRequest): Promise<ChannelActionResult> };
  incidents: Pick<IncidentService, 'get'>;
  schedules: Pick<ScheduleService, 'onCall'>;
}) {
  const { config, workspaces, secretBox } = deps;
  const apiUrl = config.SLACK_API_URL ?? DEFAULT_SLACK_API_URL;
  /** The member as a credential of their own role, for reads made on their behalf. */
  const memberAuth = async (organizationId: string, userId: string): Promise<AuthContext | null> => {
    const role = await workspaces().memberRole(organizationId, userId);
    if (!role || !isRole(role)) return null;
    return {
      kind: 'user',
      organizationId,
      userId,
      apiKeyId: null,
      role,
      permissions: ROLE_PERMISSIONS[role],
      tokenId: null,
      tokenExpiresAt: null,
    };
  };
  const actions = createSlackActionSigner(secretBox);
  const openConnection = async (organizationId: string) => {
    const row = await deps.connections().find(organizationId, 'slack');
    return row ? (JSON.parse(secretBox.decrypt(row.config_sealed)) as Record<string, unknown>) : null;
  };
  const slackPages = createSlackChannel({ apiUrl, actions });
  const slackInbound = createSlackInboundService({
    signingSecret: config.SLACK_SIGNING_SECRET,
    apiUrl,
    actions,
    seen: deps.seen,
    connection: openConnection,
    async redrawPage({ organizationId, pageId, action, userId }) {
      const page = await workspaces().pageMessage(organizationId, pageId);
      if (!page) return;
      const actorName = (await workspaces().memberName(organizationId, userId)) ?? null;
      await slackPages.update?.(page.message_ref, { address: null, secret: null }, await openConnection(organizationId), {
        status: page.status,
        action,
        actorName,
      });
    },
    teamOrganizations: (teamId) => workspaces().organizationsOfTeamAcrossOrganizations(teamId),
    linkedMember: async (organizationId, externalId) => (await workspaces().linkedMember(organizationId, externalId)) ?? null,
    linkUrl: (input) => deps.links.createChannelLinkToken({ ...input, kind: 'slack' }),
    apply: (request) => deps.channelActions.apply(request),
    async describeIncident(organizationId, userId, incidentId) {
      const auth = await memberAuth(organizationId, userId);
      if (!auth) return null;
      const incident = await deps.incidents.get(auth, incidentId).catch(() => null);
      if (!incident) return null;
      const assignee = incident.assignee_id ? await workspaces().memberName(organizationId, incident.assignee_id) : undefined;
      return slackEscape(
        `[${oneLine(incident.severity, 32).toUpperCase()}] ${oneLine(incident.title, 300)}: ${incident.status}` +
          `${assignee ? `, assigned to ${assignee}` : ''} ${incidentUrl(config.publicUrl, incident.id)}`,
      );
    },
    async onCall(organizationId, userId) {
      const auth = await memberAuth(organizationId, userId);
      if (!auth) return 'You are no longer a member of this organization.';
      const { items } = await deps.schedules.onCall(auth, {});
      if (items.length === 0) return 'No schedule in your organization.';
      const lines = await Promise.all(
        items.map(async (item) => {
          const who = item.user_id
            ? ((await workspaces().memberName(organizationId, item.user_id)) ?? 'a former member')
            : 'nobody (a gap)';
          return `${oneLine(item.schedule_name, 200)}: ${who}${item.end ? ` until ${item.end}` : ''}`;
        }),
      );
      return slackEscape(lines.join('\n'));
    },
  });
  const slackInstall = createSlackInstallService({
    clientId: config.SLACK_CLIENT_ID,
    clientSecret: config.SLACK_CLIENT_SECRET,
    apiUrl,
    publicUrl: config.publicUrl,
    secretBox,
    connections: deps.connections,
    seen: deps.seen,
  });
  return { slackInbound, slackInstall };
}
