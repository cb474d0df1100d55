import type { EntityManager } from '@mikro-orm/core';
import type { EventType } from '../../domain/events.ts';
import { IncidentEntity, UserEntity, type Incident } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import { addTimelineEntry, recordDomainEvent } from './incidents.ts';
import {
  addSubscriber,
  insertStatusUpdate,
  statusUpdatesOfIncident,
  subscribersOfIncident,
  type StatusUpdateRow,
  type SubscriberRow,
} from './status-pages.ts';

// Status updates of incidents and their subscribers: every query names the organization
// (the tenant filter is off; the organization is in each where clause).

/** The writes of one posted update, inside one transaction and confined to one organization. */
export interface StatusUpdatePostUnit {
  /** The organization's incident; null when it is not the organization's. */
  incident(id: string): Promise<Incident | null>;
  insert(update: Omit<StatusUpdateRow, 'created_at'>): Promise<StatusUpdateRow>;
  addTimelineEntry(incident: Incident, entry: Parameters<typeof addTimelineEntry>[2]): void;
  recordEvent(incident: Incident, type: EventType, extra: Record<string, unknown>): void;
}

/** Every read and write is confined to the organization given. */
export interface StatusUpdateStore {
  /** Runs `work` in one transaction, flushing its timeline entry and event at its end: all of it or none. */
  post<T>(organizationId: string, work: (unit: StatusUpdatePostUnit) => Promise<T>): Promise<T>;
  /** Whether the incident is the organization's. */
  hasIncident(organizationId: string, incidentId: string): Promise<boolean>;
  /** The incident's updates, newest first; undefined when the incident is not the organization's. */
  updatesOf(organizationId: string, incidentId: string): Promise<StatusUpdateRow[] | undefined>;
  /** The incident's subscribers; undefined when the incident is not the organization's. */
  subscribersOf(organizationId: string, incidentId: string): Promise<SubscriberRow[] | undefined>;
  /** A member's address; null when the user is not the organization's. */
  member(organizationId: string, userId: string): Promise<{ id: string; email: string } | null>;
  /** Adds a subscriber to the organization's incident, or returns the one already there for this address. */
  addSubscriber(
    organizationId: string,
    subscriber: Omit<SubscriberRow, 'organization_id' | 'confirmed_at'> & { confirmed: boolean },
  ): ReturnType<typeof addSubscriber>;
  /** Removes the subscriber of the organization's incident; false when there is none of that id. */
  removeSubscriber(organizationId: string, incidentId: string, subscriberId: string): Promise<boolean>;
}

/** Organizations' status updates and incident subscribers, created from one unit of work. */
export function createStatusUpdateStore(em: EntityManager): StatusUpdateStore {
  const incidentOf = (tx: EntityManager, organizationId: string, id: string) =>
    tx.findOne(IncidentEntity, { id, organization: organizationId }, unscoped);
  const hasIncident = async (organizationId: string, id: string) =>
    (await em.findOne(IncidentEntity, { id, organization: organizationId }, { ...unscoped, fields: ['id'] })) !== null;

  return {
    post: (organizationId, work) =>
      em.transactional(async (tx) => {
        const result = await work({
          incident: (id) => incidentOf(tx, organizationId, id),
          insert: (update) => insertStatusUpdate(tx, { ...update, organization_id: organizationId }),
          addTimelineEntry: (incident, entry) => addTimelineEntry(tx, incident, entry),
          recordEvent: (incident, type, extra) => recordDomainEvent(tx, incident, type, extra),
        });
        await tx.flush();
        return result;
      }),
    hasIncident,
    async updatesOf(organizationId, incidentId) {
      return (await hasIncident(organizationId, incidentId)) ? statusUpdatesOfIncident(em, organizationId, incidentId) : undefined;
    },
    async subscribersOf(organizationId, incidentId) {
      return (await hasIncident(organizationId, incidentId)) ? subscribersOfIncident(em, organizationId, incidentId) : undefined;
    },
    async member(organizationId, userId) {
      const user = await em.findOne(UserEntity, { id: userId, organization: organizationId }, { ...unscoped, fields: ['id', 'email'] });
      return user ? { id: user.id, email: user.email } : null;
    },
    addSubscriber: (organizationId, subscriber) => addSubscriber(em, { ...subscriber, organization_id: organizationId }),
    async removeSubscriber(organizationId, incidentId, subscriberId) {
      const removed = await em
        .getConnection()
        .execute<Array<{ id: string }>>(
          'delete from status_subscribers where organization_id = ? and incident_id = ? and id = ? returning id',
          [organizationId, incidentId, subscriberId],
          'all',
          em.getTransactionContext(),
        );
      return removed.length > 0;
    },
  };
}
