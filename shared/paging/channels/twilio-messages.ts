import type { PageAction } from '../channel.ts';
import type { PageContent } from '../contact-page.ts';
import { oneLine } from '../../mail/notification-mail.ts';

/** The keys a reply (SMS) or a keypress (call) uses, as PagerDuty's SMS and phone pages do. */
export const TWILIO_ACTION_KEYS = { '4': 'acknowledge', '6': 'resolve', '9': 'escalate' } as const satisfies Record<string, PageAction>;

/** What an SMS page says in one message (at most two SMS segments for a short title). */
export function smsPageText(content: PageContent, resend: boolean): string {
  const parts = [
    resend ? '(resent) ' : '',
    content.test ? '[TEST] ' : '',
    `Tocsin [${oneLine(content.incident.severity, 32).toUpperCase()}] `,
    oneLine(content.incident.title, 140),
    content.reassigned ? ' (reassigned to you)' : ` (level ${content.level})`,
    '. ',
    content.test ? 'This is a test page you asked for: nothing is wrong.' : 'Reply 4 to acknowledge, 6 to resolve, 9 to escalate.',
    ` ${content.incidentUrl}`,
  ];
  return parts.join('');
}

/** A reply SMS or a keypress, read: an action, or what to tell the sender. */
export type ParsedReply = { kind: 'action'; action: PageAction } | { kind: 'help' };

const REPLY_WORDS: Record<string, PageAction> = {
  ack: 'acknowledge',
  acknowledge: 'acknowledge',
  resolve: 'resolve',
  escalate: 'escalate',
};

/**
 * Reads a reply: the code alone (`4`), or a word (`ack`, `resolve`), case and surrounding
 * whitespace and punctuation aside. Anything else is answered with the codes, never guessed at.
 */
export function parseReply(body: string): ParsedReply {
  const word = withoutPunctuation(body.trim().toLowerCase());
  const byKey = (TWILIO_ACTION_KEYS as Record<string, PageAction>)[word];
  const action = byKey ?? REPLY_WORDS[word];
  return action ? { kind: 'action', action } : { kind: 'help' };
}

/** The text without the dots and exclamation marks around it (`4.`, `ack!`). */
function withoutPunctuation(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && '.!'.includes(text[start] as string)) start += 1;
  while (end > start && '.!'.includes(text[end - 1] as string)) end -= 1;
  return text.slice(start, end).trim();
}

export const REPLY_HELP = 'Reply 4 to acknowledge, 6 to resolve, 9 to escalate your most recent Tocsin page.';
