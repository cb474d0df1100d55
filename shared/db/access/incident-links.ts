import type { EntityManager } from '@mikro-orm/postgresql';
import type { IncidentStatus } from '../../domain/incident.ts';
import type { IncidentLinkKind } from '../../domain/incident-merge.ts';
import { uuidv7 } from '../../uuidv7.ts';
import { IncidentEntity, type Incident } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import { addTimelineEntry, recordDomainEvent } from './incidents.ts';

// Links between two incidents of an organization; each statement matches the organization explicitly.

export interface IncidentLinkRow {
  id: string;
  incident_id: string;
  linked_incident_id: string;
  kind: IncidentLinkKind;
  created_by: string | null;
  created_at: Date | string;
  /** The other incident, seen from the one the links were listed for. */
  other_id: string;
  other_title: string;
  other_status: IncidentStatus;
}

const LINK_COLUMNS = 'l.id, l.incident_id, l.linked_incident_id, l.kind, l.created_by, l.created_at';

/** Adds a link; undefined when the pair is linked already (either way round). */
export async function insertLink(
  em: EntityManager,
  organizationId: string,
  link: { incidentId: string; linkedIncidentId: string; kind: IncidentLinkKind; createdBy: string | null },
): Promise<{ id: string } | undefined> {
  const [row] = await em.execute<Array<{ id: string }>>(
    `insert into incident_links (id, organization_id, incident_id, linked_incident_id, kind, created_by, created_at)
     values (?, ?, ?, ?, ?, ?, now()) on conflict do nothing returning id`,
    [uuidv7(), organizationId, link.incidentId, link.linkedIncidentId, link.kind, link.createdBy],
  );
  return row;
}

/** The incident's links from either side, oldest first, each with the other incident's title and status. */
export function linksOf(em: EntityManager, organizationId: string, incidentId: string, linkId?: string): Promise<IncidentLinkRow[]> {
  return em.execute<IncidentLinkRow[]>(
    `select ${LINK_COLUMNS}, o.id as other_id, o.title as other_title, o.status as other_status
     from incident_links l
     join incidents o on o.organization_id = l.organization_id
       and o.id = case when l.incident_id = ? then l.linked_incident_id else l.incident_id end
     where l.organization_id = ? and (l.incident_id = ? or l.linked_incident_id = ?) ${linkId ? 'and l.id = ?' : ''}
     order by l.created_at, l.id`,
    [incidentId, organizationId, incidentId, incidentId, ...(linkId ? [linkId] : [])],
  );
}

/** Removes a link of the incident (from either side); the removed link, or undefined when it has none of that id. */
export async function deleteLink(
  em: EntityManager,
  organizationId: string,
  incidentId: string,
  linkId: string,
): Promise<{ incident_id: string; linked_incident_id: string; kind: IncidentLinkKind } | undefined> {
  const [row] = await em.execute<Array<{ incident_id: string; linked_incident_id: string; kind: IncidentLinkKind }>>(
    `delete from incident_links where organization_id = ? and id = ? and (incident_id = ? or linked_incident_id = ?)
     returning incident_id, linked_incident_id, kind`,
    [organizationId, linkId, incidentId, incidentId],
  );
  return row;
}

/** What each side's timeline says about a link added or removed, given both incidents (the link's id and kind are added to `data`). */
export type LinkNarration = (pair: { incident: LinkedIncident; other: LinkedIncident }) => {
  incident: { message: string; data: Record<string, unknown> };
  other: { message: string; data: Record<string, unknown> };
};

export interface LinkedIncident {
  id: string;
  title: string;
}

/** Every read and write is confined to the organization given. */
export interface IncidentLinkStore {
  /** The incident's links; undefined when the incident is not the organization's. */
  list(organizationId: string, incidentId: string): Promise<IncidentLinkRow[] | undefined>;
  /**
   * Links two of the organization's incidents, with an entry on both timelines and an
   * `incident.updated` event for each, in one transaction; nothing is written unless it is `linked`.
   */
  link(
    organizationId: string,
    link: { incidentId: string; linkedIncidentId: string; kind: IncidentLinkKind; createdBy: string | null },
    narrate: LinkNarration,
  ): Promise<{ outcome: 'linked'; link: IncidentLinkRow } | { outcome: 'incident-not-found' | 'linked-not-found' | 'linked-already' }>;
  /** Removes a link of the incident (from either side), noting it on both timelines; false when it has none of that id. */
  unlink(organizationId: string, incidentId: string, linkId: string, actorId: string | null, narrate: LinkNarration): Promise<boolean>;
}

/** Links between an organization's incidents (`incident_links`), and what they leave on both incidents. */
export function createIncidentLinkStore(em: EntityManager): IncidentLinkStore {
  const loadPair = async (tx: EntityManager, organizationId: string, incidentId: string, otherId: string) => {
    const found = await tx.find(IncidentEntity, { id: { $in: [incidentId, otherId] }, organization: organizationId }, unscoped);
    return {
      incident: found.find((row) => row.id === incidentId.toLowerCase()),
      other: found.find((row) => row.id === otherId.toLowerCase()),
    };
  };
  const note = (
    tx: EntityManager,
    pair: { incident: Incident; other: Incident },
    narrate: LinkNarration,
    event: { actorId: string | null; linkId: string; kind: IncidentLinkKind },
  ) => {
    const notes = narrate(pair);
    for (const side of ['incident', 'other'] as const) {
      const data = { link_id: event.linkId, kind: event.kind, ...notes[side].data };
      addTimelineEntry(tx, pair[side], { type: 'link', actorId: event.actorId, message: notes[side].message, data });
      recordDomainEvent(tx, pair[side], 'incident.updated', { actor_id: event.actorId, link_id: event.linkId });
    }
  };

  return {
    async list(organizationId, incidentId) {
      const incident = await em.findOne(IncidentEntity, { id: incidentId, organization: organizationId }, { ...unscoped, fields: ['id'] });
      return incident ? linksOf(em, organizationId, incidentId) : undefined;
    },

    link: (organizationId, link, narrate) =>
      em.transactional(async (tx) => {
        const { incident, other } = await loadPair(tx, organizationId, link.incidentId, link.linkedIncidentId);
        if (!incident) return { outcome: 'incident-not-found' as const };
        if (!other) return { outcome: 'linked-not-found' as const };
        const row = await insertLink(tx, organizationId, { ...link, incidentId: incident.id, linkedIncidentId: other.id });
        if (!row) return { outcome: 'linked-already' as const };
        note(tx, { incident, other }, narrate, { actorId: link.createdBy, linkId: row.id, kind: link.kind });
        await tx.flush();
        const [created] = await linksOf(tx, organizationId, incident.id, row.id);
        return { outcome: 'linked' as const, link: created! };
      }),

    unlink: (organizationId, incidentId, linkId, actorId, narrate) =>
      em.transactional(async (tx) => {
        const removed = await deleteLink(tx, organizationId, incidentId, linkId);
        if (!removed) return false;
        const { incident, other } = await loadPair(tx, organizationId, removed.incident_id, removed.linked_incident_id);
        // Both ends are the organization's incidents (foreign keys); a link never outlives either.
        if (incident && other) note(tx, { incident, other }, narrate, { actorId, linkId, kind: removed.kind });
        await tx.flush();
        return true;
      }),
  };
}
