import type { ChannelConnection } from '../channel.ts';
import type { ChatFeedPoster, FeedThreadIncident } from '../chat-feed.ts';
import { slackConnectionSchema } from '../channels/slack.ts';
import type { SlackActionSigner } from './action-token.ts';
import { slackEscape, slackIncidentBlocks, slackMessageText, type SlackIncidentView } from './blocks.ts';
import { createSlackClient, slackFailure } from './client.ts';

/** A Slack conversation a feed posts to: a public or private channel the bot was invited to. */
const SLACK_CHANNEL = /^[CG][A-Z0-9]{2,20}$/;

const viewOf = (incident: FeedThreadIncident): SlackIncidentView => ({
  organizationId: incident.organizationId,
  incidentId: incident.id,
  title: incident.title,
  severity: incident.severity,
  incidentUrl: incident.url,
});

/**
 * Organization feeds on Slack: the incident's root message carries the same buttons as a page
 * (anyone linked in the organization may press them), each update a reply in its thread.
 */
export function createSlackFeedPoster(deps: { apiUrl: string; actions: SlackActionSigner }): ChatFeedPoster {
  const client = (connection: ChannelConnection) => {
    const parsed = slackConnectionSchema.safeParse(connection);
    if (!parsed.success) throw new Error('Slack is not connected for this organization');
    return createSlackClient({ token: parsed.data.bot_token, apiUrl: deps.apiUrl });
  };
  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw new Error(error instanceof Error && error.message.startsWith('Slack is not') ? error.message : slackFailure(error));
    }
  };
  return {
    kind: 'slack',
    validTarget: (target) => SLACK_CHANNEL.test(target),
    openThread: (connection, target, incident) =>
      call(async () => {
        const state = { status: incident.status };
        const posted = await (
          await client(connection)
        ).chat.postMessage({
          channel: target,
          text: slackMessageText(viewOf(incident), state),
          blocks: slackIncidentBlocks(viewOf(incident), state, deps.actions),
          unfurl_links: false,
        });
        if (!posted.ts) throw new Error('Slack returned no message');
        return posted.ts;
      }),
    reply: (connection, target, threadRef, text) =>
      call(async () => {
        await (
          await client(connection)
        ).chat.postMessage({
          channel: target,
          thread_ts: threadRef,
          text: slackEscape(text.slice(0, 3000)),
          unfurl_links: false,
        });
      }),
    redrawRoot: (connection, target, threadRef, incident) =>
      call(async () => {
        const state = { status: incident.status };
        await (
          await client(connection)
        ).chat.update({
          channel: target,
          ts: threadRef,
          text: slackMessageText(viewOf(incident), state),
          blocks: slackIncidentBlocks(viewOf(incident), state, deps.actions),
        });
      }),
  };
}
