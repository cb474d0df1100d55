import type { EntityManager } from '@mikro-orm/postgresql';
import type { IncidentStatus } from '../../domain/incident.ts';
import type { IncidentLinkKind } from '../../domain/incident-merge.ts';
import { uuidv7 } from '../../uuidv7.ts';

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
