import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { addTimelineEntry, recordDomainEvent } from '../../shared/db/access/incidents.ts';
import {
  addSubscriber,
  insertStatusUpdate,
  removeSubscriber,
  statusUpdatesOfIncident,
  subscribersOfIncident,
  type StatusUpdateRow,
  type SubscriberRow,
} from '../../shared/db/access/status-pages.ts';
import { IncidentEntity, UserEntity, type Incident } from '../../shared/db/entities/index.ts';
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
    created_at: new Date(row.created_at).toISOString(),
  };
}

const subscriberView = (row: SubscriberRow): SubscriberView => ({
  id: row.id,
  email: row.email,
  user_id: row.user_id,
  confirmed: row.confirmed_at !== null,
});

/** Status updates of incidents, and who is mailed them. */
export function createStatusUpdateService(deps: { em: () => EntityManager; mailer: Mailer; links: SubscriberLinks }) {
  async function incidentOf(em: EntityManager, id: string): Promise<Incident> {
    const incident = await em.findOne(IncidentEntity, { id });
    if (!incident) throw new NotFoundError('Incident');
    return incident;
  }

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
      return deps.em().transactional(async (em) => {
        const incident = await incidentOf(em, incidentId);
        const row = await insertStatusUpdate(em, {
          id: randomUUID(),
          organization_id: auth.organizationId,
          incident_id: incident.id,
          kind: input.kind,
          title: input.visibility === 'public' ? input.title : null,
          body: input.body,
          visibility: input.visibility,
          author_id: auth.userId,
        });
        const view = statusUpdateView(row);
        addTimelineEntry(em, incident, {
          type: 'status_update',
          message: `${STATUS_UPDATE_LABELS[input.kind]} (${input.visibility}): ${input.body}`,
          actorId: auth.userId,
          data: { status_update_id: row.id, kind: row.kind, visibility: row.visibility },
        });
        recordDomainEvent(em, incident, STATUS_UPDATE_EVENT as EventType, { status_update: view, actor_id: auth.userId });
        await em.flush();
        return view;
      });
    },

    async list(_auth: AuthContext, incidentId: string): Promise<StatusUpdateView[]> {
      const em = deps.em();
      const incident = await incidentOf(em, incidentId);
      return (await statusUpdatesOfIncident(em, incident.organization.id, incident.id)).map(statusUpdateView);
    },

    async listSubscribers(_auth: AuthContext, incidentId: string): Promise<SubscriberView[]> {
      const em = deps.em();
      const incident = await incidentOf(em, incidentId);
      return (await subscribersOfIncident(em, incident.organization.id, incident.id)).map(subscriberView);
    },

    /**
     * Subscribes the caller (confirmed at once: their account's address) or an outside address,
     * which gets a confirmation mail first; an address subscribed already is answered as it is.
     */
    async subscribe(auth: AuthContext, incidentId: string, email: string | undefined): Promise<SubscriberView> {
      const em = deps.em();
      const incident = await incidentOf(em, incidentId);
      const self = email === undefined ? await em.findOne(UserEntity, { id: auth.userId }, { filters: false }) : null;
      if (email === undefined && !self) throw new NotFoundError('User');
      const subscriber = await addSubscriber(em, {
        id: randomUUID(),
        organization_id: auth.organizationId,
        incident_id: incident.id,
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

    async unsubscribe(_auth: AuthContext, incidentId: string, subscriberId: string): Promise<void> {
      const em = deps.em();
      const incident = await incidentOf(em, incidentId);
      const subscribers = await subscribersOfIncident(em, incident.organization.id, incident.id);
      if (!subscribers.some((row) => row.id === subscriberId)) throw new NotFoundError('Subscriber');
      await removeSubscriber(em, subscriberId);
    },
  };
}
