import { waitFor } from '../../dev/wait-for.ts';
import type { TestStack } from './stack.ts';

export interface OutboxMail {
  subject: string;
  body: string;
}

/** Messages the outbox mailer stored for `to`, oldest first (the stack runs without SMTP_URL). */
export async function mailsTo(stack: TestStack, to: string, subject: RegExp): Promise<OutboxMail[]> {
  const rows = await stack.orm.em
    .fork()
    .execute<Array<OutboxMail>>('select subject, body from outbox_messages where "to" = ? order by created_at, id', [to]);
  return rows.filter((row) => subject.test(row.subject));
}

/** Waits (with a deadline) until more than `seen` matching messages exist, and returns the newest. */
export async function waitForMail(stack: TestStack, to: string, subject: RegExp, seen = 0): Promise<OutboxMail> {
  return waitFor(
    `mail "${subject.source}" to ${to}`,
    async () => {
      const mails = await mailsTo(stack, to, subject);
      return mails.length > seen ? mails[mails.length - 1] : undefined;
    },
    { timeoutMs: 10_000, intervalMs: 50 },
  );
}

/** The token a mail carries on its `<label>: <token>` line. */
export function tokenIn(mail: OutboxMail, label: 'Reset token' | 'Verification token'): string {
  const match = new RegExp(`^${label}: (\\S+)$`, 'm').exec(mail.body);
  if (!match?.[1]) throw new Error(`no "${label}" line in mail "${mail.subject}"`);
  return match[1];
}

/** Waits until every domain event so far is relayed: what a batch starts or writes exists once it committed. */
export const outboxRelayed = (stack: Pick<TestStack, 'sql'>, what = 'the outbox relayed every event'): Promise<true> =>
  waitFor(
    what,
    async () => {
      const [row] = await stack.sql<{ n: number }>('select count(*)::int as n from domain_events where dispatched_at is null');
      return row?.n === 0 ? true : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 50 },
  );
