import type { OutboxEvent } from './outbox-event.ts';

/** The outbox event a posted status update writes (api/services/status-update.service.ts). */
export const STATUS_UPDATE_POSTED = 'status_update.posted';

/** The mail workflows of a batch: one per status update posted (its subscribers are read by the activity). */
export function planStatusUpdateMails(events: readonly OutboxEvent[]): Array<{ organizationId: string; statusUpdateId: string }> {
  return events.flatMap((event) => {
    if (event.type !== STATUS_UPDATE_POSTED) return [];
    const update = (event.data.status_update ?? {}) as { id?: unknown };
    return typeof update.id === 'string' ? [{ organizationId: event.organization_id, statusUpdateId: update.id }] : [];
  });
}
