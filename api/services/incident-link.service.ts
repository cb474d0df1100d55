import type { EntityManager } from '@mikro-orm/postgresql';
import { IncidentEntity } from '../../shared/db/entities/index.ts';
import { addTimelineEntry, recordDomainEvent } from '../../shared/db/access/incidents.ts';
import { deleteLink, insertLink, linksOf, type IncidentLinkRow } from '../../shared/db/access/incident-links.ts';
import { linkDirection, linkPhrase, type IncidentLinkKind } from '../../shared/domain/incident-merge.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { IncidentLinkView } from '../schemas/incident-merge.schemas.ts';

export type IncidentLinkService = ReturnType<typeof createIncidentLinkService>;

const linkView = (row: IncidentLinkRow, viewedFrom: string): IncidentLinkView => ({
  id: row.id,
  kind: row.kind,
  direction: linkDirection({ incidentId: row.incident_id }, viewedFrom),
  incident: { id: row.other_id, title: row.other_title, status: row.other_status },
  created_by: row.created_by,
  created_at: new Date(row.created_at).toISOString(),
});

/** Links between incidents (incident.io's related incidents): one per pair, listed on both, on both timelines. */
export function createIncidentLinkService(deps: { em: () => EntityManager }) {
  /** Both incidents of the caller's organization (the tenant filter), or 404. */
  const loadPair = async (em: EntityManager, incidentId: string, otherId: string) => {
    const found = await em.find(IncidentEntity, { id: { $in: [incidentId, otherId] } });
    const incident = found.find((row) => row.id === incidentId.toLowerCase());
    const other = found.find((row) => row.id === otherId.toLowerCase());
    if (!incident) throw new NotFoundError('Incident');
    if (!other) throw new NotFoundError('Linked incident');
    return { incident, other };
  };

  return {
    async list(auth: AuthContext, incidentId: string): Promise<IncidentLinkView[]> {
      const em = deps.em();
      if (!(await em.findOne(IncidentEntity, { id: incidentId }, { fields: ['id'] }))) throw new NotFoundError('Incident');
      return (await linksOf(em, auth.organizationId, incidentId)).map((row) => linkView(row, incidentId.toLowerCase()));
    },

    async create(auth: AuthContext, incidentId: string, input: { incident_id: string; kind: IncidentLinkKind }): Promise<IncidentLinkView> {
      if (input.incident_id.toLowerCase() === incidentId.toLowerCase())
        throw new ValidationError([{ path: 'body.incident_id', message: 'an incident cannot be linked to itself' }]);
      return deps.em().transactional(async (em) => {
        const { incident, other } = await loadPair(em, incidentId, input.incident_id);
        const row = await insertLink(em, auth.organizationId, {
          incidentId: incident.id,
          linkedIncidentId: other.id,
          kind: input.kind,
          createdBy: auth.userId,
        });
        if (!row) throw new ConflictError('These two incidents are linked already: remove that link first to change its kind');
        const data = { link_id: row.id, kind: input.kind, added: true };
        addTimelineEntry(em, incident, {
          type: 'link',
          message: `Linked: ${linkPhrase(input.kind, 'outgoing')} "${other.title}"`,
          actorId: auth.userId,
          data: { ...data, incident_id: other.id },
        });
        addTimelineEntry(em, other, {
          type: 'link',
          message: `Linked: ${linkPhrase(input.kind, 'incoming')} "${incident.title}"`,
          actorId: auth.userId,
          data: { ...data, incident_id: incident.id },
        });
        recordDomainEvent(em, incident, 'incident.updated', { actor_id: auth.userId, link_id: row.id });
        recordDomainEvent(em, other, 'incident.updated', { actor_id: auth.userId, link_id: row.id });
        await em.flush();
        const [created] = await linksOf(em, auth.organizationId, incident.id, row.id);
        if (!created) throw new NotFoundError('Link');
        return linkView(created, incident.id);
      });
    },

    async remove(auth: AuthContext, incidentId: string, linkId: string): Promise<void> {
      await deps.em().transactional(async (em) => {
        const removed = await deleteLink(em, auth.organizationId, incidentId, linkId);
        if (!removed) throw new NotFoundError('Link');
        const { incident, other } = await loadPair(em, removed.incident_id, removed.linked_incident_id);
        const data = { link_id: linkId, kind: removed.kind, removed: true };
        addTimelineEntry(em, incident, { type: 'link', message: `Link to "${other.title}" removed`, actorId: auth.userId, data });
        addTimelineEntry(em, other, { type: 'link', message: `Link to "${incident.title}" removed`, actorId: auth.userId, data });
        recordDomainEvent(em, incident, 'incident.updated', { actor_id: auth.userId, link_id: linkId });
        recordDomainEvent(em, other, 'incident.updated', { actor_id: auth.userId, link_id: linkId });
        await em.flush();
      });
    },
  };
}
