import type { NotificationDraft } from './notification-rules.ts';

/** One notification email: the input of a `notification-mail:<event>:<user>` workflow. */
export interface NotificationMailInput {
  eventId: string;
  organizationId: string;
  userId: string;
  incidentId: string | null;
  subject: string;
  /** Facts about the incident and its link; the recipient's address is read when sending. */
  text: string;
}

/** The key of a notification row: the unique (event, user, type) the relay inserts on. */
export const notificationKey = (row: { event_id: string; user_id: string; type: string }) => `${row.event_id}:${row.user_id}:${row.type}`;

// One mail per (event, user): a new incident assigned to a member would otherwise mail them twice.
const MAIL_PRIORITY: Record<string, number> = { 'incident.assigned': 0, 'incident.created': 1, 'incident.resolved': 2 };

const HEADINGS: Record<string, string> = {
  'incident.assigned': 'You were assigned an incident',
  'incident.created': 'New incident',
  'incident.resolved': 'Incident resolved',
};

// Titles come from alert payloads: no line breaks or control characters in a header, and a bounded length.
const oneLine = (value: unknown, max: number) => String(value ?? '').replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim().slice(0, max);

/** Subject and body of one incident notification; only the snapshot's public facts, never its data. */
export function notificationMailMessage(draft: Pick<NotificationDraft, 'type' | 'data' | 'incidentId'>, publicUrl: string): { subject: string; text: string } {
  const incident = (draft.data.incident ?? {}) as Record<string, unknown>;
  const severity = oneLine(incident.severity, 32);
  const title = oneLine(incident.title, 300);
  const heading = HEADINGS[draft.type] ?? 'Incident notification';
  const id = draft.incidentId ?? oneLine(incident.id, 64);
  const lines = [
    `${heading}: ${title}`,
    '',
    `Severity: ${severity}`,
    `Status: ${oneLine(incident.status, 32)}`,
    ...(incident.source ? [`Source: ${oneLine(incident.source, 100)}`] : []),
    ...(typeof incident.alert_count === 'number' ? [`Alerts: ${incident.alert_count}`] : []),
    '',
    `Open it: ${publicUrl}/incidents/${encodeURIComponent(id)}`,
    '',
    'You receive this because your organization mails its notifications (settings: notifications.email).',
  ];
  return { subject: `[${severity.toUpperCase()}] ${heading}: ${title}`.slice(0, 400), text: lines.join('\n') };
}

/**
 * The mails a batch sends: for the notifications it actually inserted (`inserted` keys: a re-run
 * batch inserts nothing and so mails nothing), those whose draft asks for email, one per event and
 * user (an assignment before a new incident before a resolution), in draft order.
 */
export function planNotificationMails(drafts: readonly NotificationDraft[], inserted: ReadonlySet<string>, publicUrl: string): NotificationMailInput[] {
  const chosen = new Map<string, NotificationDraft>();
  for (const draft of drafts) {
    if (!draft.email || !(draft.type in MAIL_PRIORITY)) continue;
    if (!inserted.has(notificationKey({ event_id: draft.eventId, user_id: draft.userId, type: draft.type }))) continue;
    const key = `${draft.eventId}:${draft.userId}`;
    const current = chosen.get(key);
    if (!current || (MAIL_PRIORITY[draft.type] as number) < (MAIL_PRIORITY[current.type] as number)) chosen.set(key, draft);
  }
  return [...chosen.values()].map((draft) => ({
    eventId: draft.eventId,
    organizationId: draft.organizationId,
    userId: draft.userId,
    incidentId: draft.incidentId,
    ...notificationMailMessage(draft, publicUrl),
  }));
}
