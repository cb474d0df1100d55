import { z } from 'zod';
import { oneLine } from '../../mail/notification-mail.ts';
import type { ChannelConnection, ChannelDestination, ChannelPage, ChannelSendOutcome, IncidentChange, PageChannel } from '../channel.ts';
import type { PageChannelDeps, PageChannelModule } from '../channel-module.ts';
import { verificationText } from '../contact-page.ts';
import { createSlackActionSigner, type SlackActionSigner } from '../slack/action-token.ts';
import {
  slackChangeNote,
  slackIncidentBlocks,
  slackMessageText,
  type SlackIncidentState,
  type SlackIncidentView,
} from '../slack/blocks.ts';
import { createSlackClient, DEFAULT_SLACK_API_URL, slackFailure } from '../slack/client.ts';
import { decodeSlackMessageRef, encodeSlackMessageRef, type SlackMessageRef } from '../slack/message-ref.ts';

/** A Slack member id (U…, W… on Enterprise Grid: paged by DM) or a conversation id (C…, G…: a channel). */
export const SLACK_ADDRESS = /^[UWCG][A-Z0-9]{2,20}$/;

/** A slack contact method: whom or where to post, nothing sealed (the bot token is the organization's). */
export const slackDestinationSchema = z.object({
  address: z.string().trim().regex(SLACK_ADDRESS, 'a Slack member id (U…/W…) or channel id (C…/G…)'),
});

/**
 * The organization's Slack connection, sealed: written by the OAuth install (oauth.v2.access), or by
 * hand for an app installed outside Tocsin. Only team and bot names are ever shown back.
 */
export const slackConnectionSchema = z.object({
  bot_token: z.string().regex(/^xoxb-[\w-]{8,}$/, 'a bot token (xoxb-…)'),
  team_id: z.string().regex(/^[TE][A-Z0-9]{2,20}$/, 'a Slack workspace id (T…)'),
  team_name: z.string().max(200).optional(),
  bot_user_id: z.string().max(32).optional(),
  app_id: z.string().max(32).optional(),
});
export type SlackConnection = z.infer<typeof slackConnectionSchema>;

export interface SlackChannelDeps {
  /** SLACK_API_URL: the only host the bot token is ever sent to. */
  apiUrl: string;
  /** Seals the buttons' values; without it no page can carry buttons, so none is sent. */
  actions: SlackActionSigner | undefined;
}

const isPerson = (address: string) => address.startsWith('U') || address.startsWith('W');

function openConnection(connection: ChannelConnection): SlackConnection | null {
  const parsed = slackConnectionSchema.safeParse(connection);
  return parsed.success ? parsed.data : null;
}

function viewOf(ref: Omit<SlackMessageRef, 'channel' | 'ts'>): SlackIncidentView {
  return { ...ref };
}

/**
 * Pages on Slack: a DM to a member (conversations.open, then chat.postMessage) or a post to a
 * channel, with Acknowledge, Resolve and Escalate buttons; `update` redraws the message in place
 * (chat.update) with who acknowledged or resolved it.
 */
export function createSlackChannel(deps: SlackChannelDeps): PageChannel {
  return {
    kind: 'slack',
    async send(page: ChannelPage, to: ChannelDestination, connection: ChannelConnection, signal: AbortSignal): Promise<ChannelSendOutcome> {
      const slack = openConnection(connection);
      if (!slack) return { ok: false, error: 'Slack is not connected for this organization' };
      const signer = deps.actions;
      if (!signer) return { ok: false, error: 'Slack pages cannot be signed in this process (no ENCRYPTION_KEY)' };
      const address = to.address ?? '';
      if (!SLACK_ADDRESS.test(address)) return { ok: false, error: 'not a Slack member or channel id' };
      const content = page.content;
      const ref: Omit<SlackMessageRef, 'channel' | 'ts'> = {
        organizationId: page.organizationId,
        incidentId: content.incident.id,
        pageId: page.pageId,
        title: oneLine(content.incident.title, 300),
        severity: oneLine(content.incident.severity, 32),
        incidentUrl: content.incidentUrl.slice(0, 2000),
        ...(content.reassigned ? {} : { level: content.level, round: content.round }),
      };
      const view = { ...viewOf(ref), test: content.test === true };
      const state: SlackIncidentState = {
        status: content.incident.status,
        note: page.resend ? 'sent again after an interruption' : undefined,
      };
      try {
        const client = await createSlackClient({ token: slack.bot_token, apiUrl: deps.apiUrl, signal });
        let channel = address;
        if (isPerson(address)) {
          const opened = await client.conversations.open({ users: address });
          if (!opened.channel?.id) return { ok: false, error: 'Slack opened no direct message' };
          channel = opened.channel.id;
        }
        if (content.verificationCode) {
          // A contact method's confirmation: the code alone, no incident and no button.
          await client.chat.postMessage({ channel, text: verificationText(content.verificationCode) });
          return { ok: true };
        }
        const posted = await client.chat.postMessage({
          channel,
          text: slackMessageText(view, state),
          blocks: slackIncidentBlocks(view, state, signer),
          unfurl_links: false,
          unfurl_media: false,
        });
        if (!posted.ts) return { ok: false, error: 'Slack returned no message' };
        return { ok: true, messageRef: encodeSlackMessageRef({ ...ref, channel: posted.channel ?? channel, ts: posted.ts }) };
      } catch (error) {
        return { ok: false, error: slackFailure(error) };
      }
    },

    async update(messageRef: string, _to: ChannelDestination, connection: ChannelConnection, change: IncidentChange): Promise<void> {
      const ref = decodeSlackMessageRef(messageRef);
      const slack = openConnection(connection);
      if (!ref || !slack) throw new Error(!ref ? 'not a Slack message reference' : 'Slack is not connected for this organization');
      if (!deps.actions) throw new Error('Slack messages cannot be signed in this process (no ENCRYPTION_KEY)');
      const view = viewOf(ref);
      const state: SlackIncidentState = { status: change.status, note: slackChangeNote(change.action, change.actorName) };
      try {
        await (
          await createSlackClient({ token: slack.bot_token, apiUrl: deps.apiUrl })
        ).chat.update({
          channel: ref.channel,
          ts: ref.ts,
          text: slackMessageText(view, state),
          blocks: slackIncidentBlocks(view, state, deps.actions),
        });
      } catch (error) {
        throw new Error(slackFailure(error));
      }
    },
  };
}

/** The connection's safe part, shown back: the workspace and the bot, never the token. */
export function slackConnectionSummary(config: Record<string, unknown>): Record<string, string | null> {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return { team_id: text(config.team_id), team_name: text(config.team_name), bot_user_id: text(config.bot_user_id) };
}

export const slackChannel: PageChannelModule = {
  kind: 'slack',
  create: (deps: PageChannelDeps) =>
    createSlackChannel({
      apiUrl: deps.vendorBaseUrls?.slack ?? DEFAULT_SLACK_API_URL,
      actions: deps.secretBox ? createSlackActionSigner(deps.secretBox) : undefined,
    }),
  destinationSchema: slackDestinationSchema,
  toDestination: (fields) => ({ address: String(fields.address).trim(), secret: null }),
  // A 6-digit code posted there: proves the member reads that DM or channel.
  verification: 'code',
  connection: { kind: 'slack', title: 'Slack', schema: slackConnectionSchema, summary: slackConnectionSummary },
};
