import { envelope, IdParams } from '../schemas/common.ts';
import {
  CreateIncidentLinkBody,
  IncidentLinkListResponse,
  IncidentLinkParams,
  IncidentLinkResponse,
  IncidentMergeListResponse,
  IncidentMergeResponse,
  MergeIncidentsBody,
  MergeIncidentsResponse,
  UnmergeIncidentBody,
} from '../schemas/incident-merge.schemas.ts';
import type { IncidentLinkService } from '../services/incident-link.service.ts';
import type { IncidentMergeService } from '../services/incident-merge.service.ts';
import { defineRoute } from './route.ts';
import { incidentMergeDocs } from '../docs/incident-merge.ts';

/** Merging incidents into one (and undoing it), and links between related incidents. */
export function incidentMergeRoutes(merges: IncidentMergeService, links: IncidentLinkService) {
  return [
    defineRoute({
      method: 'post',
      path: '/incidents/{id}/merge',
      operationId: 'mergeIncidents',
      summary: 'Merge other incidents into this one',
      description: incidentMergeDocs.mergeIncidents,
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: IdParams, body: MergeIncidentsBody },
      responses: { 200: { description: 'The merges, one per source', schema: MergeIncidentsResponse } },
      errors: [404, 409, 422],
      handler: async ({ auth, params, body }) => ({ body: envelope(await merges.merge(auth, params.id, body.source_incident_ids)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/incidents/{id}/unmerge',
      operationId: 'unmergeIncident',
      summary: 'Undo the merge of one incident into this one',
      description: incidentMergeDocs.unmergeIncident,
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: IdParams, body: UnmergeIncidentBody },
      responses: { 200: { description: 'The merge, now undone', schema: IncidentMergeResponse } },
      errors: [404, 409, 422],
      handler: async ({ auth, params, body }) => ({ body: envelope(await merges.unmerge(auth, params.id, body.source_incident_id)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/incidents/{id}/merges',
      operationId: 'listIncidentMerges',
      summary: 'Merges of the incident: incidents merged into it, and the one it was merged into',
      tags: ['incidents'],
      access: 'incidents:read',
      request: { params: IdParams },
      responses: { 200: { description: 'Newest first, undone ones included', schema: IncidentMergeListResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await merges.list(auth, params.id)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/incidents/{id}/links',
      operationId: 'listIncidentLinks',
      summary: 'Incidents linked to this one, whichever side made the link',
      tags: ['incidents'],
      access: 'incidents:read',
      request: { params: IdParams },
      responses: { 200: { description: 'Oldest first', schema: IncidentLinkListResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await links.list(auth, params.id)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/incidents/{id}/links',
      operationId: 'createIncidentLink',
      summary: 'Link another incident of the organization to this one',
      description: incidentMergeDocs.createIncidentLink,
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: IdParams, body: CreateIncidentLinkBody },
      responses: { 201: { description: 'The link, as this incident shows it', schema: IncidentLinkResponse } },
      errors: [404, 409, 422],
      handler: async ({ auth, params, body }) => ({ status: 201, body: envelope(await links.create(auth, params.id, body)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/incidents/{id}/links/{link_id}',
      operationId: 'deleteIncidentLink',
      summary: 'Remove a link, from either of its incidents',
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: IncidentLinkParams },
      responses: { 204: { description: 'Removed from both incidents' } },
      errors: [404],
      handler: async ({ auth, params }) => {
        await links.remove(auth, params.id, params.link_id);
        return { status: 204 };
      },
    }),
  ];
}
