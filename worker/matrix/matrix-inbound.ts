import type { ChannelActionRequest, ChannelActionResult, IncidentChange, PageAction } from '../../shared/paging/channel.ts';
import { MatrixApiError, type MatrixClient } from '../../shared/paging/channels/matrix/client.ts';
import { readFeedMarker } from '../../shared/paging/channels/matrix/feed-messages.ts';
import { pageEditContent, readPageMarker, replyNoticeContent } from '../../shared/paging/channels/matrix/messages.ts';
import { directRoom } from '../../shared/paging/channels/matrix/rooms.ts';
import type { MatrixCommand } from '../../shared/paging/channels/matrix/sync-events.ts';
import { createHash } from 'node:crypto';

/** What acting on a Matrix reply or reaction needs from the rest of Tocsin. */
export interface MatrixInboundDeps {
  /** The core's channel action service: acts as the member, once. */
  apply(request: ChannelActionRequest): Promise<ChannelActionResult>;
  /** The member a Matrix user id is linked to in the organization, if any. */
  identityUser(organizationId: string, matrixUserId: string): Promise<string | undefined>;
  /** The member's name, as the edited page shows it. */
  memberName(organizationId: string, userId: string): Promise<string | null>;
  /** A signed, single-use console link tying this Matrix user id to whoever opens it signed in. */
  linkUrl(organizationId: string, matrixUserId: string): string;
}

const STATUS_AFTER: Record<PageAction, string> = {
  acknowledge: 'investigating',
  resolve: 'resolved',
  escalate: 'active',
  snooze_1h: 'investigating',
  snooze_4h: 'investigating',
};

/** The same notice once, however often the command is read again (a crash before the sync position was saved). */
const txn = (what: string, eventId: string) => `${what}-${createHash('sha256').update(eventId).digest('hex').slice(0, 32)}`;

/**
 * Acts on one command read from the bot's rooms. Only a reply or reaction to one of this
 * organization's page messages or feed thread roots from this bot counts; anything else is chatter and ignored. An
 * unlinked sender is told why in the room and gets the link in a direct message: a link posted in
 * a shared room could be opened by someone else.
 */
export async function handleMatrixCommand(
  command: MatrixCommand,
  context: { organizationId: string; client: MatrixClient; botUserId: string },
  deps: MatrixInboundDeps,
): Promise<ChannelActionResult | null> {
  const { client, organizationId, botUserId } = context;
  let target;
  try {
    target = await client.event(command.roomId, command.targetEventId);
  } catch (error) {
    // A reply to an event the bot cannot see (redacted, before it joined) answers nothing it sent.
    if (error instanceof MatrixApiError && (error.status === 404 || error.status === 403)) return null;
    throw error;
  }
  const page = target.sender === botUserId ? readPageMarker(target.content) : null;
  // A feed's thread root acts on its incident as a page does; it is redrawn by the feed, not here.
  const feed = target.sender === botUserId && !page ? readFeedMarker(target.content) : null;
  const marker = page ?? feed;
  if (!marker || marker.organization_id !== organizationId) return null;

  const reply = (text: string) =>
    client.send(command.roomId, 'm.room.message', txn('reply', command.eventId), replyNoticeContent(command.eventId, text));
  const userId = (await deps.identityUser(organizationId, command.sender)) ?? null;
  if (!userId) {
    const dm = await directRoom(client, botUserId, command.sender);
    await client.send(
      dm,
      'm.room.message',
      txn('link', command.eventId),
      replyNoticeContent(
        null,
        `To act on Tocsin pages from Matrix, link ${command.sender} to your Tocsin account (sign in, then open this link within 15 minutes; it works once): ${deps.linkUrl(organizationId, command.sender)}`,
      ),
    );
  }
  const result = await deps.apply({
    organizationId,
    incidentId: marker.incident_id,
    action: command.action,
    channel: 'matrix',
    userId,
    ...(page ? { pageId: page.page_id } : {}),
  });
  await reply(userId ? result.message : `${result.message} I sent ${command.sender} a link in a direct message.`);
  if (result.outcome === 'done' && userId && page) {
    // Shown where it happened at once; the page update after the incident's event edits it the same way.
    const change: IncidentChange = {
      status: STATUS_AFTER[command.action],
      action: command.action,
      actorName: await deps.memberName(organizationId, userId),
    };
    await client.send(command.roomId, 'm.room.message', txn('edit', command.eventId), pageEditContent(target.event_id, page, change));
  }
  return result;
}
