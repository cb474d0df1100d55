import { ApplicationFailure } from '@temporalio/activity';
import { forEachBounded } from '../shared/bounded.ts';
import type { StatusUpdateMailStore } from '../shared/db/access/status-update-mails.ts';
import type { Mailer } from '../shared/mail/mailer.ts';
import { statusUpdateMailMessage } from '../shared/mail/status-update-mail.ts';
import type { SubscriberLinks } from '../shared/status-page/subscriber-links.ts';

export interface StatusUpdateMailActivityDeps {
  /** The organization's status update mails, on a fresh unit of work per call. */
  statusUpdateMails: () => StatusUpdateMailStore;
  mailer?: Mailer;
  /** Signs the unsubscribe links; the API verifies them with the same key. */
  subscriberLinks?: SubscriberLinks;
}

export interface StatusUpdateMailInput {
  organizationId: string;
  statusUpdateId: string;
  /** Base of the status page link (config.publicUrl). */
  publicUrl: string;
}

const SEND_CONCURRENCY = 8;

export function createStatusUpdateMailActivities(deps: StatusUpdateMailActivityDeps) {
  return {
    /**
     * Mails one status update to its subscribers: each (update, subscriber) is claimed once, then
     * marked sent after its send, so a retry mails only those not sent yet. Only a crash between a
     * send and its mark mails one address twice: at least once, never zero times.
     */
    async sendStatusUpdateMails(input: StatusUpdateMailInput): Promise<{ sent: number }> {
      if (!deps.mailer || !deps.subscriberLinks) throw ApplicationFailure.nonRetryable('no mailer or subscriber links in this worker');
      const { mailer, subscriberLinks } = deps;
      const store = deps.statusUpdateMails();
      const update = await store.updateForMail(input.organizationId, input.statusUpdateId);
      if (!update) return { sent: 0 };
      const targets = await store.claim(input.organizationId, input.statusUpdateId);
      const page = update.slug && update.page_title ? { title: update.page_title, url: `${input.publicUrl}/status/${update.slug}` } : null;
      let sent = 0;
      await forEachBounded(targets, SEND_CONCURRENCY, async (target) => {
        await mailer.send(
          statusUpdateMailMessage(target.email, {
            kind: update.kind,
            body: update.body,
            visibility: update.visibility,
            publicTitle: update.public_name,
            incidentTitle: update.incident_title,
            page,
            createdAt: new Date(update.created_at),
            unsubscribeUrl: subscriberLinks.unsubscribeUrl(target.subscriber_id),
          }),
        );
        await store.markSent(input.organizationId, update.id, target.subscriber_id);
        sent += 1;
      });
      return { sent };
    },
  };
}
