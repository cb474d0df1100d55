import { randomUUID } from 'node:crypto';
import { isoTimestamp } from '../../shared/db/sql-timestamp.ts';
import type { StatusUpdateRow, SubscriberRow } from '../../shared/db/access/status-pages.ts';
import type { StatusUpdateStore } from '../../shared/db/access/status-updates.ts';
import type { EventType } from '../../shared/domain/events.ts';
import { STATUS_UPDATE_LABELS, type StatusUpdateKind, type StatusUpdateVisibility } from '../../shared/domain/status-page.ts';
import { NotFoundError } from '../../shared/errors.ts';
import type { Mailer } from '../../shared/mail/mailer.ts';
import type { SubscriberLinks } from '../../shared/status-page/subscriber-links.ts';
import type { AuthContext } from '../auth-context.ts';
import type { StatusUpdateView, SubscriberView } from '../schemas/status-page.schemas.ts';

export type StatusUpdateService = ReturnType<typeof createStatusUpdateService>;

/** The outbox event of a posted update: the chat feed says it, and its subscribers are mailed (worker/outbox/status-updates.ts). */
export const STATUS_UPDATE_EVENT = 'status_update.posted';

export function statusUpdateView(row: StatusUpdateRow): StatusUpdateView {
  return {
    id: row.id,
    incident_id: row.incident_id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    visibility: row.visibility,
    author_id: row.author_id,
    created_at: isoTimestamp(row.created_at),
  };
}

const subscriberView = (row: SubscriberRow): SubscriberView => ({
  id: row.id,
  email: row.email,
  user_id: row.user_id,
  confirmed: row.confirmed_at !== null,
});

/** Status updates of incidents, and who is mailed them. */
export function createStatusUpdateService(deps: { statusUpdates: () => StatusUpdateStore; mailer: Mailer; links: SubscriberLinks }) {
  return {
    /**
     * Posts an update: stored, on the timeline and as an outbox event in one transaction, so the
     * chat feed and the subscribers' mails follow it exactly once, even across a crash.
     */
    async post(
      auth: AuthContext,
      incidentId: string,
      input: { kind: StatusUpdateKind; body: string; visibility: StatusUpdateVisibility; title: string | null },
    ): Promise<StatusUpdateView> {
      return deps.statusUpdates().post(auth.organizationId, async (unit) => {
        const incident = await unit.incident(incidentId);
        if (!incident) throw new NotFoundError('Incident');
        const row = await unit.insert({
          id: randomUUID(),
          incident_id: incident.id,
          kind: input.kind,
          title: input.visibility === 'public' ? input.title : null,
          body: input.body,
          visibility: input.visibility,
          author_id: auth.userId,
        });
        const view = statusUpdateView(row);
        unit.addTimelineEntry(incident, {
          type: 'status_update',
          message: `${STATUS_UPDATE_LABELS[input.kind]} (${input.visibility}): ${input.body}`,
          actorId: auth.userId,
          data: { status_update_id: row.id, kind: row.kind, visibility: row.visibility },
        });
        unit.recordEvent(incident, STATUS_UPDATE_EVENT as EventType, { status_update: view, actor_id: auth.userId });
        return view;
      });
    },

    async list(auth: AuthContext, incidentId: string): Promise<StatusUpdateView[]> {
      const rows = await deps.statusUpdates().updatesOf(auth.organizationId, incidentId);
      if (!rows) throw new NotFoundError('Incident');
      return rows.map(statusUpdateView);
    },

    async listSubscribers(auth: AuthContext, incidentId: string): Promise<SubscriberView[]> {
      const rows = await deps.statusUpdates().subscribersOf(auth.organizationId, incidentId);
      if (!rows) throw new NotFoundError('Incident');
      return rows.map(subscriberView);
    },

    /**
     * Subscribes the caller (confirmed at once: their account's address) or an outside address,
     * which gets a confirmation mail first; an address subscribed already is answered as it is.
     */
    async subscribe(auth: AuthContext, incidentId: string, email: string | undefined): Promise<SubscriberView> {
      const store = deps.statusUpdates();
      if (!(await store.hasIncident(auth.organizationId, incidentId))) throw new NotFoundError('Incident');
      const self = email === undefined ? await store.member(auth.organizationId, auth.userId) : null;
      if (email === undefined && !self) throw new NotFoundError('User');
      const subscriber = await store.addSubscriber(auth.organizationId, {
        id: randomUUID(),
        incident_id: incidentId.toLowerCase(),
        email: self ? self.email : (email as string),
        user_id: self ? self.id : null,
        confirmed: self !== null,
      });
      if (subscriber.created && !subscriber.confirmed_at) {
        await deps.mailer.send({
          to: subscriber.email,
          subject: `Confirm your subscription to incident updates`,
          text: [
            'You were subscribed to the public status updates of an incident.',
            `Confirm: ${deps.links.confirmUrl(subscriber.id)}`,
            'If you did not expect this, ignore this mail: nothing is sent until the address is confirmed.',
          ].join('\n\n'),
        });
      }
      return subscriberView(subscriber);
    },

    async unsubscribe(auth: AuthContext, incidentId: string, subscriberId: string): Promise<void> {
      const store = deps.statusUpdates();
      if (!(await store.hasIncident(auth.organizationId, incidentId))) throw new NotFoundError('Incident');
      if (!(await store.removeSubscriber(auth.organizationId, incidentId, subscriberId))) throw new NotFoundError('Subscriber');
    },
  };
}
