import { oneLine } from '../../mail/notification-mail.ts';
import type { PageAction } from '../channel.ts';
import type { SlackActionSigner } from './action-token.ts';

/** A Block Kit block as sent to Slack (the layout is Slack's; these builders fill it). */
export interface SlackBlock {
  type: string;
  [field: string]: unknown;
}

/** Slack's `action_id` of a Tocsin button; the `value` carries the signed claims. */
export const slackActionId = (action: PageAction) => `tocsin:${action}`;

/** The incident as a Slack message shows it: what a page or a feed message knows. */
export interface SlackIncidentView {
  organizationId: string;
  incidentId: string;
  title: string;
  severity: string;
  incidentUrl: string;
  /** The page the message was sent for (its buttons say so); absent on feed messages. */
  pageId?: string;
  /** Escalation level and round of a page. */
  level?: number;
  round?: number;
  test?: boolean;
}

/** Where the incident stands now, as the message says it. */
export interface SlackIncidentState {
  status: string;
  /** e.g. "Acknowledged by Ada Lovelace". */
  note?: string;
}

/**
 * Escapes text for Slack's mrkdwn: titles come from alert payloads, and `<!channel>` or `<url|label>`
 * in one must never notify a whole channel or disguise a link.
 */
export function slackEscape(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** The notification and fallback text (Slack shows it in notifications and where blocks cannot render). */
export function slackMessageText(view: SlackIncidentView, state: SlackIncidentState): string {
  const prefix = view.test ? '[TEST] ' : '';
  const note = state.note ? ` (${state.note})` : '';
  return slackEscape(
    `${prefix}[${oneLine(view.severity, 32).toUpperCase()}] ${oneLine(view.title, 300)}: ${oneLine(state.status, 32)}${note}`,
  );
}

/** Which buttons a message offers in a status: none once resolved; snooze once acknowledged (PagerDuty's order). */
export function buttonsFor(status: string): PageAction[] {
  if (status === 'resolved') return [];
  if (status === 'active') return ['acknowledge', 'resolve', 'escalate'];
  if (status === 'investigating') return ['snooze_1h', 'snooze_4h', 'resolve', 'escalate'];
  return ['resolve', 'escalate'];
}

const BUTTON_LABELS: Record<PageAction, string> = {
  acknowledge: 'Acknowledge',
  resolve: 'Resolve',
  escalate: 'Escalate',
  snooze_1h: 'Snooze 1h',
  snooze_4h: 'Snooze 4h',
};

/**
 * The blocks of a page or feed message: the incident, its status line, and the buttons its status
 * allows, each carrying a value signed for this organization and incident.
 */
export function slackIncidentBlocks(view: SlackIncidentView, state: SlackIncidentState, signer: SlackActionSigner): SlackBlock[] {
  const title = slackEscape(oneLine(view.title, 300));
  const severity = slackEscape(oneLine(view.severity, 32).toUpperCase());
  const where =
    view.level !== undefined ? ` · escalation level ${view.level}${view.round !== undefined ? `, round ${view.round}` : ''}` : '';
  const heading = view.test ? '*Test page* — you asked for it, nothing is wrong.' : `:rotating_light: *<${view.incidentUrl}|${title}>*`;
  const statusLine = `*${severity}* · ${slackEscape(oneLine(state.status, 32))}${where}${state.note ? ` · ${slackEscape(oneLine(state.note, 300))}` : ''}`;
  const blocks: SlackBlock[] = [
    { type: 'section', text: { type: 'mrkdwn', text: heading } },
    { type: 'context', elements: [{ type: 'mrkdwn', text: statusLine }] },
  ];
  const actions = view.test ? [] : buttonsFor(state.status);
  if (actions.length > 0)
    blocks.push({
      type: 'actions',
      block_id: 'tocsin_actions',
      elements: actions.map((action) => ({
        type: 'button',
        action_id: slackActionId(action),
        text: { type: 'plain_text', text: BUTTON_LABELS[action] },
        value: signer.sign({ organizationId: view.organizationId, incidentId: view.incidentId, action, pageId: view.pageId }),
        ...(action === 'acknowledge' ? { style: 'primary' } : action === 'escalate' ? { style: 'danger' } : {}),
      })),
    });
  return blocks;
}

/** The status line an incident change gives a message: who acknowledged, resolved or escalated it. */
export function slackChangeNote(action: PageAction | 'reopened', actorName: string | null): string {
  const by = actorName ? ` by ${actorName}` : '';
  if (action === 'acknowledge') return `Acknowledged${by}`;
  if (action === 'resolve') return `Resolved${by}`;
  if (action === 'escalate') return `Escalated${by}`;
  if (action === 'snooze_1h') return `Snoozed for 1 hour${by}`;
  if (action === 'snooze_4h') return `Snoozed for 4 hours${by}`;
  return `Reopened${by}`;
}
