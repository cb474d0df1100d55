import { ApplicationFailure } from '@temporalio/activity';
import type { Orm } from '../shared/db/orm.ts';
import type { Mailer } from '../shared/mail/mailer.ts';
import type { NotificationMailInput } from './notification-mail.ts';

export interface NotificationMailActivityDeps {
  orm: Orm;
  /** Optional so workers built for other tests need not pass one; notification mails fail without it. */
  mailer?: Mailer;
}

export function createNotificationMailActivities(deps: NotificationMailActivityDeps) {
  return {
    /**
     * Mails one notification to its user's current address, read here so the address never sits in
     * workflow history. A user gone (or moved to another organization) since is skipped. A retry
     * after the mail server took the message but before this activity completed sends it again:
     * at least once, never zero times.
     */
    async sendNotificationMail(input: NotificationMailInput): Promise<{ status: 'sent' | 'skipped' }> {
      if (!deps.mailer) throw ApplicationFailure.nonRetryable('no mailer configured in this worker');
      const [user] = await deps.orm.em.fork().execute<Array<{ email: string }>>(
        'select email from users where id = ? and organization_id = ?',
        [input.userId, input.organizationId],
      );
      if (!user) return { status: 'skipped' };
      await deps.mailer.send({ to: user.email, subject: input.subject, text: input.text });
      return { status: 'sent' };
    },
  };
}
