import type { ClaimedPage, PageOutcome } from '../db/access/pages.ts';
import type { PageSendResult } from './page-sender.ts';

/** What a batch of claimed pages did: its counts, each page's outcome, and the `page.sent` event of each page that went out. */
export interface ClaimedPagesSent {
  sent: number;
  failed: number;
  outcomes: PageOutcome[];
  sentPages: Array<Record<string, unknown>>;
}

/**
 * Sends a batch's claimed pages all at once, recording each one's outcome as it lands: a slow or
 * failed send never holds back another's (the sender never throws). `place` says where each sent
 * page belongs (its incident, and its escalation slot or responder) in its `page.sent` event.
 */
export async function sendClaimedPages(
  claimed: readonly ClaimedPage[],
  place: Record<string, unknown>,
  send: (page: ClaimedPage) => Promise<PageSendResult>,
  recordOutcome: (pageId: string, result: PageSendResult) => Promise<void>,
): Promise<ClaimedPagesSent> {
  const outcomes: PageOutcome[] = [];
  const sentPages: Array<Record<string, unknown>> = [];
  await Promise.all(
    claimed.map(async (page) => {
      const result = await send(page);
      const ok = result.error === null;
      outcomes.push({
        user_id: page.user_id,
        method: page.method,
        status: ok ? 'sent' : 'failed',
        ...(page.resend ? { resent: true } : {}),
      });
      if (ok) {
        sentPages.push({
          id: page.id,
          ...place,
          user_id: page.user_id,
          method: page.method,
          rule_id: page.rule_id,
          contact_method_id: page.contact_method_id,
          resent: page.resend,
        });
      }
      await recordOutcome(page.id, result);
    }),
  );
  const sent = outcomes.filter((outcome) => outcome.status === 'sent').length;
  return { sent, failed: outcomes.length - sent, outcomes, sentPages };
}
