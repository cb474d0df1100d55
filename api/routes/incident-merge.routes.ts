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
import { MAX_MERGE_SOURCES, UNMERGE_WINDOW_MS } from '../../shared/domain/incident-merge.ts';
import type { IncidentLinkService } from '../services/incident-link.service.ts';
import type { IncidentMergeService } from '../services/incident-merge.service.ts';
import { defineRoute } from './route.ts';

const WINDOW_HOURS = UNMERGE_WINDOW_MS / 3_600_000;

/** Merging incidents into one (and undoing it), and links between related incidents. */
export function incidentMergeRoutes(merges: IncidentMergeService, links: IncidentLinkService) {
  return [
    defineRoute({
      method: 'post',
      path: '/incidents/{id}/merge',
      operationId: 'mergeIncidents',
      summary: 'Merge other incidents into this one',
      description:
        `Up to ${MAX_MERGE_SOURCES} sources. Each source's alerts move to this incident, and later alerts with their dedup keys land here while it is open; ` +
        'their timelines are copied here (each entry marked `merged_from_incident_id`), their responders and assignee join as responders. ' +
        'Each source is resolved (its paging stops) with `merged_into` set. On both timelines, as `incident.updated` events, and in the audit log. ' +
        `Undo with POST /incidents/{id}/unmerge within ${WINDOW_HOURS} h. ` +
        '404 NOT_FOUND for an incident of another organization; 409 CONFLICT for a resolved target, a target or source already merged into another incident, or the target among the sources.',
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
      description:
        `Within ${WINDOW_HOURS} h of the merge (UNMERGE_WINDOW_MS). The alerts that came from the source (moved by the merge, or received since with its dedup keys) go back to it, ` +
        'its copied timeline leaves this incident, and it returns to the status it had before the merge (back to `active`, it pages again from level 1). ' +
        '404 NOT_FOUND when that incident is not merged into this one; 409 CONFLICT past the window, or when another open incident now holds its dedup key.',
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
      description:
        '`kind`: this incident is `related` to, `caused_by` or a `duplicate_of` the other; both incidents list the link and have it on their timelines. ' +
        'One link per pair: 409 CONFLICT when the two are linked already (either way round). 404 NOT_FOUND for an incident of another organization; ' +
        '422 VALIDATION_ERROR for a link to itself.',
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
