import { renderValue } from '../delivery/webhook-template.ts';
import type { MailMessage } from '../mail/mail-message.ts';
import { oneLine } from '../mail/notification-mail.ts';
import type { HttpRequestFn } from '../net/outbound-http.ts';

/** What a page says, whichever way it goes. */
export interface PageContent {
  incident: { id: string; title: string; severity: string; status: string };
  round: number;
  level: number;
  /** Routing's urgency (absent on test pages and escalations started before urgency existed). */
  urgency?: 'high' | 'low';
  /** The incident in the console. */
  incidentUrl: string;
  /** One-click links for the paged member (email pages only). */
  links?: { acknowledge: string; resolve: string };
  /** A test page asked for by the member: says so, names no real incident. */
  test?: boolean;
  /** The incident was reassigned to the paged member: no escalation level is involved. */
  reassigned?: boolean;
  /** The paged member was asked to respond (POST /incidents/{id}/responders), with the asker's message: no escalation level is involved. */
  responder?: { message: string | null };
  /**
   * Not a page: the 6-digit code confirming a new contact method (with `test`). Every channel says
   * it through pageSummary / verificationText, and offers no action.
   */
  verificationCode?: string;
}

/** The message that carries a contact method's verification code. */
export function verificationText(code: string): string {
  return `Your Tocsin verification code is ${code}. Enter it in Tocsin within 15 minutes to receive pages here. If you did not ask for it, ignore this message.`;
}

/** A webhook contact method's sealed part: the URL (often carrying a token) and optional headers. */
export interface ContactWebhookSecret {
  url: string;
  headers?: Record<string, string>;
}

/** Every placeholder a contact method's body template may use; anything else renders empty. */
export const CONTACT_TEMPLATE_PLACEHOLDERS = [
  'incident.id',
  'incident.title',
  'incident.severity',
  'incident.status',
  'incident.url',
  'page.level',
  'page.round',
  'page.message',
] as const;

/** A webhook page waits at most this long for the receiver. */
export const CONTACT_WEBHOOK_TIMEOUT_MS = 10_000;

/** The one-line text of a page, e.g. for an SMS. */
export function pageSummary(content: PageContent): string {
  if (content.verificationCode) return verificationText(content.verificationCode);
  const prefix = content.test ? '[TEST] ' : '';
  return `${prefix}[${oneLine(content.incident.severity, 32).toUpperCase()}] ${oneLine(content.incident.title, 300)} (level ${content.level}) ${content.incidentUrl}`;
}

/** Subject and body of a page mail. */
export function pageMailMessage(content: PageContent): Omit<MailMessage, 'to'> {
  if (content.verificationCode) return { subject: 'Your Tocsin verification code', text: verificationText(content.verificationCode) };
  const title = oneLine(content.incident.title, 300);
  const severity = oneLine(content.incident.severity, 32);
  const lines = [
    content.test ? 'This is a test page you asked for: nothing is wrong.' : `You are paged for: ${title}`,
    '',
    `Severity: ${severity}`,
    ...(content.urgency ? [`Urgency: ${content.urgency}`] : []),
    `Status: ${oneLine(content.incident.status, 32)}`,
    content.responder
      ? 'You are asked to help as a responder'
      : content.reassigned
        ? 'The incident was reassigned to you'
        : `Escalation level ${content.level}, round ${content.round}`,
    ...(content.responder?.message ? [`Message: ${oneLine(content.responder.message, 1000)}`] : []),
    '',
    content.responder
      ? `Accept or decline in Tocsin: ${content.incidentUrl}`
      : content.reassigned
        ? `Acknowledge it (move it out of active) to stop paging: ${content.incidentUrl}`
        : `Acknowledge it (move it out of active, or assign it) to stop the escalation: ${content.incidentUrl}`,
  ];
  if (content.links) {
    lines.push(
      '',
      // Each link opens a confirmation page first: a mail scanner following it changes nothing.
      `Acknowledge with one click: ${content.links.acknowledge}`,
      `Resolve with one click: ${content.links.resolve}`,
    );
  }
  lines.push(
    '',
    content.responder
      ? 'Until you accept or decline, your notification rules keep paging you.'
      : content.reassigned
        ? 'Until you acknowledge, your notification rules keep paging you.'
        : 'Nobody acknowledging pages the next level of the escalation policy.',
  );
  return {
    subject: `${content.test ? '[TEST] ' : ''}[${severity.toUpperCase()}] Page: ${title}`.slice(0, 400),
    text: lines.join('\n'),
  };
}

/** The JSON body of a webhook page: the method's template rendered (placeholders only, never evaluated), or a default. */
export function contactWebhookBody(template: unknown, content: PageContent): string {
  const table: Record<string, string> = {
    'incident.id': content.incident.id,
    'incident.title': oneLine(content.incident.title, 1000),
    'incident.severity': content.incident.severity,
    'incident.status': content.incident.status,
    'incident.url': content.incidentUrl,
    'page.level': String(content.level),
    'page.round': String(content.round),
    'page.message': pageSummary(content),
  };
  if (template !== null && template !== undefined) return JSON.stringify(renderValue(template, table));
  return JSON.stringify({
    text: table['page.message'],
    test: content.test === true,
    incident: {
      id: table['incident.id'],
      title: table['incident.title'],
      severity: table['incident.severity'],
      status: table['incident.status'],
      url: table['incident.url'],
    },
    page: { level: content.level, round: content.round },
  });
}

/**
 * Sends one webhook page through the SSRF-guarded client. Resolves to null on a 2xx answer, else
 * to the error people see (an HTTP status or the client's tenant-safe message); never throws.
 */
export async function sendContactWebhook(
  http: HttpRequestFn | undefined,
  webhook: ContactWebhookSecret,
  body: string,
  signal?: AbortSignal,
): Promise<string | null> {
  if (!http) return 'no outbound HTTP client configured';
  try {
    const response = await http({
      url: webhook.url,
      method: 'POST',
      headers: { ...(webhook.headers ?? {}), 'content-type': 'application/json', 'user-agent': 'Tocsin-Pager' },
      body,
      timeoutMs: CONTACT_WEBHOOK_TIMEOUT_MS,
      ...(signal ? { signal } : {}),
    });
    return response.status >= 200 && response.status < 300 ? null : `Receiver answered HTTP ${response.status}`;
  } catch (error) {
    return redactUrl((error instanceof Error ? error.message : String(error)).slice(0, 1000), webhook.url);
  }
}

/**
 * The error without the URL's path and query: chat and SMS webhooks carry their token there, and
 * page errors are shown to the whole organization. Only the destination (scheme, host, port) stays.
 */
export function redactUrl(message: string, url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return message;
  }
  const secretParts = [
    url,
    `${parsed.protocol}//${parsed.host}${parsed.pathname}`,
    `${parsed.pathname}${parsed.search}`,
    parsed.pathname,
    parsed.search,
  ]
    .filter((part) => part.length > 1)
    .sort((a, b) => b.length - a.length);
  return secretParts.reduce(
    (text, part) => text.replaceAll(part, part.startsWith('/') || part.startsWith('?') ? '/…' : `${parsed.protocol}//${parsed.host}/…`),
    message,
  );
}
