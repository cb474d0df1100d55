import { waitFor } from '../../dev/wait-for.ts';
import type { RunningMailpit } from '../../dev/mailpit.ts';
import type { OutboxMail } from './outbox.ts';

/**
 * The outbox helpers' questions asked of Mailpit, for a stack that sends through SMTP_URL: which
 * messages reached `to` with a matching subject, oldest first, and waiting for one more.
 */
export function mailpitMail(mailpit: RunningMailpit) {
  const mailsTo = async (to: string, subject: RegExp): Promise<OutboxMail[]> =>
    (await mailpit.messages())
      .filter((message) => message.to.includes(to) && subject.test(message.subject))
      .map((message) => ({ subject: message.subject, body: message.text }));
  const waitForMail = (to: string, subject: RegExp, seen = 0): Promise<OutboxMail> =>
    waitFor(
      `mail "${subject.source}" to ${to} through SMTP`,
      async () => {
        const mails = await mailsTo(to, subject);
        return mails.length > seen ? mails[mails.length - 1] : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 100 },
    );
  return { mailsTo, waitForMail };
}
