import { ApplicationFailure } from '@temporalio/activity';
import type { NotificationStore } from '../shared/db/access/notifications.ts';
import type { Mailer } from '../shared/mail/mailer.ts';
import { forEachBounded } from '../shared/bounded.ts';
import { notificationMailMessage, type NotificationMailBatch } from '../shared/mail/notification-mail.ts';

export interface NotificationMailActivityDeps {
  /** A fresh unit of work per call. */
  notifications: () => NotificationStore;
  /** Optional so workers built for other tests need not pass one; notification mails fail without it. */
  mailer?: Mailer;
}

/** Mails handed to the mail server at once per batch. */
const SEND_CONCURRENCY = 8;

export function createNotificationMailActivities(deps: NotificationMailActivityDeps) {
  return {
    /**
     * Mails a chunk of notifications a relay batch inserted, each to its user's current address,
     * and marks them `mailed_at`. Three statements whatever the chunk's size: wait for the relay
     * batch, read the unmailed rows with their users' addresses, mark those sent.
     *
     * The relay starts this workflow inside its transaction, so the rows may not be committed yet:
     * the first statement takes a key-share lock on the batch's events, which the relay holds
     * `for update` until it commits or rolls back; after that the rows are either there or never
     * will be (a rolled-back batch is re-run with new notification ids, and a new workflow).
     *
     * A retry skips the rows already marked; a send that failed marks those that went out before
     * failing. Only a crash between a send and its mark mails again: at least once, never zero times.
     * A user gone (or moved to another organization) since is skipped.
     */
    async sendNotificationMails(batch: NotificationMailBatch): Promise<{ sent: number; skipped: number }> {
      if (!deps.mailer) throw ApplicationFailure.nonRetryable('no mailer configured in this worker');
      const mailer = deps.mailer;
      const store = deps.notifications();
      await store.awaitEventsSettled(batch.organizationId, batch.eventIds);
      const pending = await store.unmailed(batch.organizationId, batch.notificationIds);
      const sent: string[] = [];
      try {
        await forEachBounded(pending, SEND_CONCURRENCY, async (row) => {
          const message = notificationMailMessage({ type: row.type, data: row.data, incidentId: row.incident_id }, batch.publicUrl);
          await mailer.send({ to: row.email, ...message });
          sent.push(row.id);
        });
      } finally {
        if (sent.length > 0) {
          await store.markMailed(batch.organizationId, sent);
        }
      }
      return { sent: sent.length, skipped: batch.notificationIds.length - sent.length };
    },
  };
}
