import { incidentUrl } from '../domain/incident.ts';

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

const HEADINGS: Record<string, string> = {
  'incident.assigned': 'You were assigned an incident',
  'incident.created': 'New incident',
  'incident.resolved': 'Incident resolved',
};

/** Titles come from alert payloads: no line breaks or control characters in a header or a line, and a bounded length. */
export const oneLine = (value: unknown, max: number) =>
  String(value ?? '')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .trim()
    .slice(0, max);

/** Subject and body of one incident notification; only the snapshot's public facts, never its data. */
export function notificationMailMessage(
  draft: { type: string; data: Record<string, unknown>; incidentId: string | null },
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
    `Open it: ${incidentUrl(publicUrl, id)}`,
    '',
    'You receive this because your organization mails its notifications (settings: notifications.email).',
  ];
  return { subject: `[${severity.toUpperCase()}] ${heading}: ${title}`.slice(0, 400), text: lines.join('\n') };
}
