import type { IncidentLinkRow, IncidentLinkStore } from '../../shared/db/access/incident-links.ts';
import { isoTimestamp } from '../../shared/db/sql-timestamp.ts';
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
  created_at: isoTimestamp(row.created_at),
});

/** Links between incidents (incident.io's related incidents): one per pair, listed on both, on both timelines. */
export function createIncidentLinkService(deps: { links: () => IncidentLinkStore }) {
  return {
    async list(auth: AuthContext, incidentId: string): Promise<IncidentLinkView[]> {
      const rows = await deps.links().list(auth.organizationId, incidentId);
      if (!rows) throw new NotFoundError('Incident');
      return rows.map((row) => linkView(row, incidentId.toLowerCase()));
    },

    async create(auth: AuthContext, incidentId: string, input: { incident_id: string; kind: IncidentLinkKind }): Promise<IncidentLinkView> {
      if (input.incident_id.toLowerCase() === incidentId.toLowerCase())
        throw new ValidationError([{ path: 'body.incident_id', message: 'an incident cannot be linked to itself' }]);
      const result = await deps
        .links()
        .link(
          auth.organizationId,
          { incidentId, linkedIncidentId: input.incident_id, kind: input.kind, createdBy: auth.userId },
          ({ incident, other }) => ({
            incident: {
              message: `Linked: ${linkPhrase(input.kind, 'outgoing')} "${other.title}"`,
              data: { added: true, incident_id: other.id },
            },
            other: {
              message: `Linked: ${linkPhrase(input.kind, 'incoming')} "${incident.title}"`,
              data: { added: true, incident_id: incident.id },
            },
          }),
        );
      if (result.outcome !== 'linked') {
        if (result.outcome === 'linked-already')
          throw new ConflictError('These two incidents are linked already: remove that link first to change its kind');
        throw new NotFoundError(result.outcome === 'incident-not-found' ? 'Incident' : 'Linked incident');
      }
      return linkView(result.link, result.link.incident_id);
    },

    async remove(auth: AuthContext, incidentId: string, linkId: string): Promise<void> {
      const removed = await deps.links().unlink(auth.organizationId, incidentId, linkId, auth.userId, ({ incident, other }) => ({
        incident: { message: `Link to "${other.title}" removed`, data: { removed: true } },
        other: { message: `Link to "${incident.title}" removed`, data: { removed: true } },
      }));
      if (!removed) throw new NotFoundError('Link');
    },
  };
}
