import { z } from 'zod';
import { WebhookError } from '../../shared/errors.ts';
import type { SeenRequestStore } from '../../shared/db/access/seen-request-signatures.ts';
import type { ChannelActionRequest, ChannelActionResult, PageAction } from '../../shared/paging/channel.ts';
import { slackConnectionSchema, type SlackConnection } from '../../shared/paging/channels/slack.ts';
import type { SlackActionSigner } from '../../shared/paging/slack/action-token.ts';
import { slackActionId } from '../../shared/paging/slack/blocks.ts';
import { createSlackClient } from '../../shared/paging/slack/client.ts';
import { SLACK_REQUEST_MAX_AGE_SECONDS, verifySlackRequest } from '../../shared/paging/slack/request-signature.ts';
import { parseSlackCommand, SLACK_COMMAND_HELP } from './slack-command.ts';

export interface SlackInboundDeps {
  /** SLACK_SIGNING_SECRET; unset: every inbound Slack request is refused. */
  signingSecret: string | undefined;
  apiUrl: string;
  actions: SlackActionSigner;
  seen: () => SeenRequestStore;
  /** The organization's Slack connection, opened (bot token and team), or null. */
  connection: (organizationId: string) => Promise<Record<string, unknown> | null>;
  /** Organizations connected to a Slack workspace. */
  teamOrganizations: (teamId: string) => Promise<string[]>;
  /** The member a Slack account is linked to in an organization (channel_identities). */
  linkedMember: (organizationId: string, externalId: string) => Promise<string | null>;
  /** The console URL that links a Slack account to the signed-in member (single use, 15 minutes). */
  linkUrl: (input: { organizationId: string; externalId: string; externalName: string | null }) => string;
  /** The core's channel action service: acts as the member, once, or says why not. */
  apply: (request: ChannelActionRequest) => Promise<ChannelActionResult>;
  /** One line on an incident as the member may see it; null when it is not theirs to see. */
  describeIncident: (organizationId: string, userId: string, incidentId: string) => Promise<string | null>;
  /**
   * Redraws the page message a press acted on at once (who acted, the buttons left), beside the
   * updates every sent page gets as the incident changes; a failure changes nothing else.
   */
  redrawPage?: (input: { organizationId: string; pageId: string; action: PageAction; userId: string }) => Promise<void>;
  /** Who is on call now, as the member may see it. */
  onCall: (organizationId: string, userId: string) => Promise<string>;
  now?: () => Date;
}

export type SlackInboundService = ReturnType<typeof createSlackInboundService>;

/** A Slack account as Tocsin links it: the workspace and the member id (ids are unique per workspace). */
export const slackExternalId = (teamId: string, userId: string) => `${teamId}:${userId}`;

const BlockActions = z.object({
  type: z.literal('block_actions'),
  team: z.object({ id: z.string().max(32) }).nullable(),
  user: z.object({
    id: z.string().max(32),
    username: z.string().max(200).optional(),
    name: z.string().max(200).optional(),
    team_id: z.string().max(32).optional(),
  }),
  channel: z.object({ id: z.string().max(32) }).optional(),
  container: z.object({ channel_id: z.string().max(32).optional() }).optional(),
  actions: z.array(z.object({ action_id: z.string().max(255), value: z.string().max(2000).optional() })).max(5),
});

const SlashCommand = z.object({
  team_id: z.string().min(1).max(32),
  user_id: z.string().min(1).max(32),
  user_name: z.string().max(200).optional(),
  text: z.string().max(4000).default(''),
});

export interface SlashCommandAnswer {
  response_type: 'ephemeral';
  text: string;
}

const REASONS = {
  missing: 'X-Slack-Signature and X-Slack-Request-Timestamp are required',
  malformed: 'X-Slack-Signature or X-Slack-Request-Timestamp is malformed',
  stale: `the request timestamp is more than ${SLACK_REQUEST_MAX_AGE_SECONDS / 60} minutes away from now`,
  signature: 'the signature does not match the body',
} as const;

/**
 * Slack's requests to Tocsin (button presses, `/tocsin`): each verified exactly as Slack documents
 * (signing secret, five-minute window) and refused when seen before, then acted on as the linked
 * member through the channel action service; anyone else is told why and nothing changes.
 */
export function createSlackInboundService(deps: SlackInboundDeps) {
  const now = deps.now ?? (() => new Date());

  async function verify(headers: { timestamp?: string; signature?: string }, rawBody: Buffer): Promise<void> {
    if (!deps.signingSecret) throw new WebhookError('WEBHOOK_VALIDATION_FAILED', 'Slack is not configured on this instance');
    const check = verifySlackRequest({
      signingSecret: deps.signingSecret,
      timestampHeader: headers.timestamp,
      signatureHeader: headers.signature,
      rawBody,
      now: now(),
    });
    if (!check.ok) throw new WebhookError('WEBHOOK_VALIDATION_FAILED', `Refused: ${REASONS[check.reason]}`);
    // Kept past the window's far end (the clock may be behind the sender's by the window too).
    const forgetAt = new Date((check.timestamp + 2 * SLACK_REQUEST_MAX_AGE_SECONDS) * 1000);
    if (!(await deps.seen().firstSeen('slack', check.signature, forgetAt)))
      throw new WebhookError('WEBHOOK_VALIDATION_FAILED', 'Refused: this request was already received (a replay)');
  }

  async function openConnection(organizationId: string): Promise<SlackConnection | null> {
    const parsed = slackConnectionSchema.safeParse(await deps.connection(organizationId));
    return parsed.success ? parsed.data : null;
  }

  /** Tells one person, in the conversation they pressed in; a failure to tell them changes nothing. */
  async function tell(connection: SlackConnection, channel: string | undefined, user: string, text: string): Promise<void> {
    if (!channel) return;
    await createSlackClient({ token: connection.bot_token, apiUrl: deps.apiUrl })
      .then((client) => client.chat.postEphemeral({ channel, user, text }))
      .catch(() => undefined);
  }

  return {
    /** `POST /slack/interactions`: a button press on a page or feed message. */
    async interaction(headers: { timestamp?: string; signature?: string }, rawBody: Buffer): Promise<void> {
      await verify(headers, rawBody);
      let payload: z.infer<typeof BlockActions>;
      try {
        const parsed = BlockActions.safeParse(JSON.parse(new URLSearchParams(rawBody.toString('utf8')).get('payload') ?? ''));
        // Other interaction types (a shortcut, a view) are not Tocsin's: acknowledged, ignored.
        if (!parsed.success) return;
        payload = parsed.data;
      } catch {
        throw new WebhookError('INVALID_PAYLOAD', 'The payload field is not JSON');
      }
      const press = payload.actions.find((action) => action.action_id.startsWith('tocsin:'));
      if (!press?.value) return;
      const claims = deps.actions.verify(press.value);
      // A value Tocsin did not seal, or moved to another button: nobody to tell, nothing to do.
      if (!claims || slackActionId(claims.action) !== press.action_id) return;
      const connection = await openConnection(claims.organizationId);
      const teamId = payload.user.team_id ?? payload.team?.id;
      // The button's organization must be connected to the workspace the press came from.
      if (!connection || !teamId || connection.team_id !== teamId) return;
      const channel = payload.channel?.id ?? payload.container?.channel_id;
      const externalId = slackExternalId(teamId, payload.user.id);
      const userId = await deps.linkedMember(claims.organizationId, externalId);
      if (!userId) {
        const url = deps.linkUrl({
          organizationId: claims.organizationId,
          externalId,
          externalName: payload.user.name ?? payload.user.username ?? null,
        });
        await tell(
          connection,
          channel,
          payload.user.id,
          `Nothing was changed: your Slack account is not linked to a Tocsin member. Link it (once) here, then press again: ${url}`,
        );
        return;
      }
      const result = await deps.apply({
        organizationId: claims.organizationId,
        incidentId: claims.incidentId,
        action: claims.action,
        channel: 'slack',
        userId,
        ...(claims.pageId ? { pageId: claims.pageId } : {}),
      });
      if (result.outcome === 'done' && claims.pageId)
        await deps
          .redrawPage?.({ organizationId: claims.organizationId, pageId: claims.pageId, action: claims.action, userId })
          .catch(() => undefined);
      await tell(
        connection,
        channel,
        payload.user.id,
        result.outcome === 'done' ? result.message : `Nothing was changed: ${result.message}`,
      );
    },

    /** `POST /slack/commands`: `/tocsin ack|resolve|incident <id>`, `/tocsin oncall`, `/tocsin link`. */
    async command(headers: { timestamp?: string; signature?: string }, rawBody: Buffer): Promise<SlashCommandAnswer> {
      await verify(headers, rawBody);
      const parsed = SlashCommand.safeParse(Object.fromEntries(new URLSearchParams(rawBody.toString('utf8'))));
      if (!parsed.success) throw new WebhookError('INVALID_PAYLOAD', 'Not a slash command');
      const form = parsed.data;
      const answer = (text: string): SlashCommandAnswer => ({ response_type: 'ephemeral', text });
      const command = parseSlackCommand(form.text);
      if (command.verb === 'help') return answer(command.problem ? `${command.problem}\n${SLACK_COMMAND_HELP}` : SLACK_COMMAND_HELP);
      const organizations = await deps.teamOrganizations(form.team_id);
      if (organizations.length === 0) return answer('This Slack workspace is not connected to Tocsin.');
      const externalId = slackExternalId(form.team_id, form.user_id);
      if (command.verb === 'link') {
        const urls = organizations.map((organizationId) =>
          deps.linkUrl({ organizationId, externalId, externalName: form.user_name ?? null }),
        );
        return answer(`Open this link while signed in to Tocsin to link your Slack account (once, within 15 minutes):\n${urls.join('\n')}`);
      }
      const linked: Array<{ organizationId: string; userId: string }> = [];
      for (const organizationId of organizations) {
        const userId = await deps.linkedMember(organizationId, externalId);
        if (userId) linked.push({ organizationId, userId });
      }
      if (linked.length === 0) return answer('Your Slack account is not linked to a Tocsin member yet: run `/tocsin link` first.');
      if (command.verb === 'oncall') {
        const lines = await Promise.all(linked.map(({ organizationId, userId }) => deps.onCall(organizationId, userId)));
        return answer(lines.join('\n'));
      }
      if (!('incidentId' in command)) return answer(SLACK_COMMAND_HELP);
      const { incidentId, verb } = command;
      // The incident's organization: the one (of the member's) where they can see it.
      for (const { organizationId, userId } of linked) {
        const description = await deps.describeIncident(organizationId, userId, incidentId);
        if (description === null) continue;
        if (verb === 'incident') return answer(description);
        const result = await deps.apply({
          organizationId,
          incidentId,
          action: verb === 'ack' ? 'acknowledge' : 'resolve',
          channel: 'slack',
          userId,
        });
        return answer(result.outcome === 'done' ? result.message : `Nothing was changed: ${result.message}`);
      }
      return answer(`No incident ${incidentId} in your organization.`);
    },
  };
}
