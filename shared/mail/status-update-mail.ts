import { STATUS_UPDATE_LABELS, type StatusUpdateKind } from '../domain/status-page.ts';
import type { MailMessage } from './mail-message.ts';

export interface StatusUpdateMailInput {
  kind: StatusUpdateKind;
  body: string;
  visibility: 'internal' | 'public';
  /** The name the update gives the incident publicly (public updates), else null. */
  publicTitle: string | null;
  /** The incident's own title: only ever in an internal update's mail, which reaches members only. */
  incidentTitle: string;
  /** The organization's status page name and address, when it has an enabled one. */
  page: { title: string; url: string } | null;
  createdAt: Date;
  unsubscribeUrl: string;
}

/**
 * One subscriber's mail of a status update, with the one-click unsubscribe headers of RFC 8058
 * (List-Unsubscribe with an https URL, List-Unsubscribe-Post) and the link in the text too.
 */
export function statusUpdateMailMessage(to: string, input: StatusUpdateMailInput): MailMessage {
  const name = input.visibility === 'public' ? (input.publicTitle ?? 'Service disruption') : input.incidentTitle;
  const prefix = input.page ? `[${input.page.title}] ` : '';
  const lines = [
    `${STATUS_UPDATE_LABELS[input.kind]}: ${name}`,
    input.body,
    `Posted ${input.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC${input.visibility === 'internal' ? ' (internal update)' : ''}.`,
    ...(input.page && input.visibility === 'public' ? [`Status page: ${input.page.url}`] : []),
    `Unsubscribe: ${input.unsubscribeUrl}`,
  ];
  return {
    to,
    subject: `${prefix}${STATUS_UPDATE_LABELS[input.kind]}: ${name}`.slice(0, 250),
    text: lines.join('\n\n'),
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
