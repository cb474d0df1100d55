import type { NotificationDraft } from './notification-rules.ts';

/**
 * The input of one notification-mail workflow: up to MAIL_BATCH_SIZE notifications of one
 * organization that a relay batch inserted. The activity reads the rows and their users'
 * addresses when sending, so neither addresses nor message text sit in workflow history.
 */
export interface NotificationMailBatch {
  organizationId: string;
  /** The events the notifications came from: the send waits until the relay batch that claimed them has ended. */
  eventIds: string[];
  notificationIds: string[];
  /** Base of the incident links (PUBLIC_URL). */
  publicUrl: string;
}

/** Notifications mailed per workflow: one workflow start and a few statements per this many mails. */
export const MAIL_BATCH_SIZE = 100;

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
const oneLine = (value: unknown, max: number) =>
  String(value ?? '')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .trim()
    .slice(0, max);

/** Subject and body of one incident notification; only the snapshot's public facts, never its data. */
export function notificationMailMessage(
  draft: Pick<NotificationDraft, 'type' | 'data' | 'incidentId'>,
  publicUrl: string,
): { subject: string; text: string } {
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
 * Which inserted notifications a batch mails: of those whose draft asks for email (a re-run batch
 * inserts nothing and so mails nothing), one per event and user (an assignment before a new
 * incident before a resolution), in draft order. `inserted` maps notification keys to row ids.
 */
export function planNotificationMails(
  drafts: readonly NotificationDraft[],
  inserted: ReadonlyMap<string, string>,
): Array<{ organizationId: string; eventId: string; notificationId: string }> {
  const chosen = new Map<string, NotificationDraft>();
  for (const draft of drafts) {
    if (!draft.email || !(draft.type in MAIL_PRIORITY)) continue;
    if (!inserted.has(draftKey(draft))) continue;
    const key = `${draft.eventId}:${draft.userId}`;
    const current = chosen.get(key);
    if (!current || (MAIL_PRIORITY[draft.type] as number) < (MAIL_PRIORITY[current.type] as number)) chosen.set(key, draft);
  }
  return [...chosen.values()].map((draft) => ({
    organizationId: draft.organizationId,
    eventId: draft.eventId,
    notificationId: inserted.get(draftKey(draft)) as string,
  }));
}

const draftKey = (draft: Pick<NotificationDraft, 'eventId' | 'userId' | 'type'>) =>
  notificationKey({ event_id: draft.eventId, user_id: draft.userId, type: draft.type });

/**
 * The mail workflows of a batch: its planned mails grouped by organization (a workflow, and the
 * query behind it, stays within one tenant) and cut into chunks of at most `size`.
 */
export function notificationMailBatches(
  mails: ReadonlyArray<{ organizationId: string; eventId: string; notificationId: string }>,
  publicUrl: string,
  size = MAIL_BATCH_SIZE,
): NotificationMailBatch[] {
  const batches: NotificationMailBatch[] = [];
  for (const [organizationId, ofOrganization] of Map.groupBy(mails, (mail) => mail.organizationId)) {
    for (let start = 0; start < ofOrganization.length; start += size) {
      const chunk = ofOrganization.slice(start, start + size);
      batches.push({
        organizationId,
        eventIds: [...new Set(chunk.map((mail) => mail.eventId))],
        notificationIds: chunk.map((mail) => mail.notificationId),
        publicUrl,
      });
    }
  }
  return batches;
}
