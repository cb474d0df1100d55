import { oneLine } from '../../../mail/notification-mail.ts';
import { escapeHtml } from '../../../html-escape.ts';
import type { ChannelPage, IncidentChange } from '../../channel.ts';
import { verificationText } from '../../contact-page.ts';

/**
 * The Matrix events the bot sends: the page message (plain body + HTML), the edit that shows who
 * acknowledged or resolved it (an `m.replace` relation), and notices replying to someone.
 */

/** The page message's own key: the bot finds the incident a reaction or reply answers from it. */
export const PAGE_MARKER = 'org.tocsin.page';

/** What the bot stores in its page message: enough to act on a reaction and to redraw the message when it is edited. */
export interface PageMarker {
  organization_id: string;
  incident_id: string;
  page_id: string;
  title: string;
  severity: string;
  url: string;
  level: number;
  round: number;
  test: boolean;
  reassigned: boolean;
}

/** Emoji that acknowledge as a reaction (with or without the emoji presentation selector). */
export const ACKNOWLEDGE_REACTIONS = ['✅', '✔', '☑'] as const;
/** Reactions that snooze an acknowledged incident for an hour. */
export const SNOOZE_REACTIONS = ['⏰', '💤'] as const;

export type MatrixContent = Record<string, unknown>;

export function pageMarker(page: ChannelPage): PageMarker {
  const { content } = page;
  return {
    organization_id: page.organizationId,
    incident_id: content.incident.id,
    page_id: page.pageId,
    title: oneLine(content.incident.title, 300),
    severity: oneLine(content.incident.severity, 32),
    url: content.incidentUrl,
    level: content.level,
    round: content.round,
    test: content.test === true,
    reassigned: content.reassigned === true,
  };
}

/** A marker read back from an event: null unless every field is there with its type. */
export function readPageMarker(content: unknown): PageMarker | null {
  const marker = (content as Record<string, unknown> | null)?.[PAGE_MARKER] as Record<string, unknown> | undefined;
  if (!marker || typeof marker !== 'object') return null;
  const strings = ['organization_id', 'incident_id', 'page_id', 'title', 'severity', 'url'] as const;
  if (!strings.every((key) => typeof marker[key] === 'string')) return null;
  if (typeof marker.level !== 'number' || typeof marker.round !== 'number') return null;
  return { ...(marker as unknown as PageMarker), test: marker.test === true, reassigned: marker.reassigned === true };
}

interface Rendered {
  plain: string[];
  html: string[];
}

function render(marker: PageMarker, status: { line: string } | null, resend: boolean): Rendered {
  const severity = marker.severity.toUpperCase();
  const headline = marker.test ? `[TEST] This is a test page you asked for: nothing is wrong.` : `🚨 [${severity}] ${marker.title}`;
  const where = marker.reassigned ? 'The incident was reassigned to you' : `Escalation level ${marker.level}, round ${marker.round}`;
  const plain = [headline, `${where} · ${marker.url}`];
  const html = [
    marker.test ? escapeHtml(headline) : `<strong>🚨 [${escapeHtml(severity)}] ${escapeHtml(marker.title)}</strong>`,
    `${escapeHtml(where)} · <a href="${escapeHtml(marker.url)}">open the incident</a>`,
  ];
  if (resend) {
    plain.push('(Sent again: the first attempt was interrupted.)');
    html.push('<em>(Sent again: the first attempt was interrupted.)</em>');
  }
  if (status) {
    plain.push(status.line);
    html.push(`<strong>${escapeHtml(status.line)}</strong>`);
  } else if (!marker.test) {
    const how =
      'React with ✅ or reply "ack" to acknowledge, reply "resolve" to resolve, "escalate" to page the next level; once acknowledged, react with ⏰ or reply "snooze" (or "snooze 4h") to snooze it for an hour (or four).';
    plain.push(how);
    html.push(escapeHtml(how));
  }
  return { plain, html };
}

const messageBody = ({ plain, html }: Rendered) => ({
  msgtype: 'm.text',
  body: plain.join('\n'),
  format: 'org.matrix.custom.html',
  formatted_body: html.join('<br>'),
});

/**
 * The page message: the page's text, and the marker a reaction or reply is traced back with. A
 * test page or a verification code names no real incident: it carries no marker, so nothing acts on it.
 */
export function pageMessageContent(page: ChannelPage): MatrixContent {
  if (page.content.verificationCode) return { msgtype: 'm.text', body: verificationText(page.content.verificationCode) };
  const marker = pageMarker(page);
  const body = messageBody(render(marker, null, page.resend));
  return marker.test ? body : { ...body, [PAGE_MARKER]: marker };
}

/** The line an edited page message ends with. */
export function statusLine(change: IncidentChange): string {
  const by = change.actorName ? ` by ${oneLine(change.actorName, 100)}` : '';
  switch (change.action) {
    case 'acknowledge':
      return `✅ Acknowledged${by}`;
    case 'resolve':
      return `✔️ Resolved${by}`;
    case 'escalate':
      return `⏫ Escalated${by}`;
    case 'snooze_1h':
      return `⏰ Snoozed for 1 hour${by}`;
    case 'snooze_4h':
      return `⏰ Snoozed for 4 hours${by}`;
    case 'reopened':
      return `🔁 Reopened${by}: status ${oneLine(change.status, 32)}`;
  }
}

/**
 * The edit of the page message `eventId` (spec: event replacements): the new text in
 * `m.new_content`, and a `* ` fallback for clients that do not show edits.
 */
export function pageEditContent(eventId: string, marker: PageMarker, change: IncidentChange): MatrixContent {
  const rendered = messageBody(render(marker, { line: statusLine(change) }, false));
  return {
    msgtype: 'm.text',
    body: `* ${rendered.body}`,
    format: rendered.format,
    formatted_body: `* ${rendered.formatted_body}`,
    'm.new_content': { ...rendered, [PAGE_MARKER]: marker },
    'm.relates_to': { rel_type: 'm.replace', event_id: eventId },
  };
}

/** A notice answering the event `eventId` (what an action did, or why it did nothing). */
export function replyNoticeContent(eventId: string | null, text: string): MatrixContent {
  return {
    msgtype: 'm.notice',
    body: text,
    ...(eventId ? { 'm.relates_to': { 'm.in_reply_to': { event_id: eventId } } } : {}),
  };
}
