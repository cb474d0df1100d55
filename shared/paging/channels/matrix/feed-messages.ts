import { oneLine } from '../../../mail/notification-mail.ts';
import { escapeHtml } from '../../../html-escape.ts';
import type { FeedThreadIncident } from '../../chat-feed.ts';
import type { MatrixContent } from './messages.ts';

/**
 * The Matrix events of an organization feed: the incident's thread root (redrawn by an edit as its
 * status changes) and the updates posted in its thread (spec: threading, `m.thread`).
 */

/** The feed root's own key: a ✅ or an `ack` in its thread acts on this incident (as on a page). */
export const FEED_MARKER = 'org.tocsin.feed';

export interface FeedMarker {
  organization_id: string;
  incident_id: string;
}

/** A feed marker read back from an event: null unless both ids are there. */
export function readFeedMarker(content: unknown): FeedMarker | null {
  const marker = (content as Record<string, unknown> | null)?.[FEED_MARKER] as Record<string, unknown> | undefined;
  if (!marker || typeof marker !== 'object') return null;
  if (typeof marker.organization_id !== 'string' || typeof marker.incident_id !== 'string') return null;
  return { organization_id: marker.organization_id, incident_id: marker.incident_id };
}

function rootBody(incident: FeedThreadIncident) {
  const severity = oneLine(incident.severity, 32).toUpperCase();
  const title = oneLine(incident.title, 300);
  const status = oneLine(incident.status, 32);
  const open = status !== 'resolved';
  const how = 'React with ✅ or reply "ack" in the thread to acknowledge; reply "resolve" to resolve, "escalate" to page the next level.';
  const plain = [`🚨 [${severity}] ${title}`, `Status: ${status} · ${incident.url}`, ...(open ? [how] : [])];
  const html = [
    `<strong>🚨 [${escapeHtml(severity)}] ${escapeHtml(title)}</strong>`,
    `Status: <strong>${escapeHtml(status)}</strong> · <a href="${escapeHtml(incident.url)}">open the incident</a>`,
    ...(open ? [escapeHtml(how)] : []),
  ];
  return {
    msgtype: 'm.text',
    body: plain.join('\n'),
    format: 'org.matrix.custom.html',
    formatted_body: html.join('<br>'),
    [FEED_MARKER]: { organization_id: incident.organizationId, incident_id: incident.id } satisfies FeedMarker,
  };
}

/** The thread's root: the incident, its status and link, and how to act on it from the room. */
export const feedRootContent = (incident: FeedThreadIncident): MatrixContent => rootBody(incident);

/** The root redrawn (an `m.replace` edit) with the incident's current status. */
export function feedRootEditContent(rootEventId: string, incident: FeedThreadIncident): MatrixContent {
  const body = rootBody(incident);
  return {
    msgtype: 'm.text',
    body: `* ${body.body}`,
    format: body.format,
    formatted_body: `* ${body.formatted_body}`,
    'm.new_content': body,
    'm.relates_to': { rel_type: 'm.replace', event_id: rootEventId },
  };
}

/**
 * One update in the incident's thread: a notice (bots' messages are notices) related to the root
 * as a thread, with the reply fallback clients without threads show.
 */
export function feedReplyContent(rootEventId: string, text: string): MatrixContent {
  return {
    msgtype: 'm.notice',
    body: text.slice(0, 4000),
    'm.relates_to': {
      rel_type: 'm.thread',
      event_id: rootEventId,
      is_falling_back: true,
      'm.in_reply_to': { event_id: rootEventId },
    },
  };
}
