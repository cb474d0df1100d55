import type { NotificationMailBatch } from '../../shared/mail/notification-mail.ts';
import type { NotificationDraft } from './notification-rules.ts';

/** Notifications mailed per workflow: one workflow start and a few statements per this many mails. */
export const MAIL_BATCH_SIZE = 100;

/** The key of a notification row: the unique (event, user, type) the relay inserts on. */
export const notificationKey = (row: { event_id: string; user_id: string; type: string }) => `${row.event_id}:${row.user_id}:${row.type}`;

// One mail per (event, user): a new incident assigned to a member would otherwise mail them twice.
const MAIL_PRIORITY: Record<string, number> = { 'incident.assigned': 0, 'incident.created': 1, 'incident.resolved': 2 };

/**
 * Which inserted notifications a batch mails: of those whose draft asks for email (a re-run batch
 * inserts nothing and so mails nothing), one per event and user (an assignment before a new
 * incident before a resolution), in draft order. `inserted` maps notification keys to row ids.
 */
export function planNotificationMails(
  drafts: readonly NotificationDraft[],
  inserted: ReadonlyMap<string, string>,
): Array<{ organizationId: string; eventId: string; notificationId: string }> {
  const chosen = new Map<string, NotificationDraft>();
  for (const draft of drafts) {
    if (!draft.email || !(draft.type in MAIL_PRIORITY)) continue;
    if (!inserted.has(draftKey(draft))) continue;
    const key = `${draft.eventId}:${draft.userId}`;
    const current = chosen.get(key);
    if (!current || (MAIL_PRIORITY[draft.type] as number) < (MAIL_PRIORITY[current.type] as number)) chosen.set(key, draft);
  }
  return [...chosen.values()].map((draft) => ({
    organizationId: draft.organizationId,
    eventId: draft.eventId,
    notificationId: inserted.get(draftKey(draft)) as string,
  }));
}

const draftKey = (draft: Pick<NotificationDraft, 'eventId' | 'userId' | 'type'>) =>
  notificationKey({ event_id: draft.eventId, user_id: draft.userId, type: draft.type });

/**
 * The mail workflows of a batch: its planned mails grouped by organization (a workflow, and the
 * query behind it, stays within one tenant) and cut into chunks of at most `size`.
 */
export function notificationMailBatches(
  mails: ReadonlyArray<{ organizationId: string; eventId: string; notificationId: string }>,
  publicUrl: string,
  size = MAIL_BATCH_SIZE,
): NotificationMailBatch[] {
  const batches: NotificationMailBatch[] = [];
  for (const [organizationId, ofOrganization] of Map.groupBy(mails, (mail) => mail.organizationId)) {
    for (let start = 0; start < ofOrganization.length; start += size) {
      const chunk = ofOrganization.slice(start, start + size);
      batches.push({
        organizationId,
        eventIds: [...new Set(chunk.map((mail) => mail.eventId))],
        notificationIds: chunk.map((mail) => mail.notificationId),
        publicUrl,
      });
    }
  }
  return batches;
}
