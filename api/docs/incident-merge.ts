// What the OpenAPI document says of each incident-merge operation, by operationId (api/routes/incident-merge.routes.ts).
import { MAX_MERGE_SOURCES, UNMERGE_WINDOW_MS } from '../../shared/domain/incident-merge.ts';

const WINDOW_HOURS = UNMERGE_WINDOW_MS / 3_600_000;

export const incidentMergeDocs = {
  mergeIncidents:
    `Up to ${MAX_MERGE_SOURCES} sources. Each source's alerts move to this incident, and later alerts with their dedup keys land here while it is open; ` +
    'their timelines are copied here (each entry marked `merged_from_incident_id`), their responders and assignee join as responders. ' +
    'Each source is resolved (its paging stops) with `merged_into` set. On both timelines, as `incident.updated` events, and in the audit log. ' +
    `Undo with POST /incidents/{id}/unmerge within ${WINDOW_HOURS} h. ` +
    '404 NOT_FOUND for an incident of another organization; 409 CONFLICT for a resolved target, a target or source already merged into another incident, or the target among the sources.',
  unmergeIncident:
    `Within ${WINDOW_HOURS} h of the merge (UNMERGE_WINDOW_MS). The alerts that came from the source (moved by the merge, or received since with its dedup keys) go back to it, ` +
    'its copied timeline leaves this incident, and it returns to the status it had before the merge (back to `active`, it pages again from level 1). ' +
    '404 NOT_FOUND when that incident is not merged into this one; 409 CONFLICT past the window, or when another open incident now holds its dedup key.',
  createIncidentLink:
    '`kind`: this incident is `related` to, `caused_by` or a `duplicate_of` the other; both incidents list the link and have it on their timelines. ' +
    'One link per pair: 409 CONFLICT when the two are linked already (either way round). 404 NOT_FOUND for an incident of another organization; ' +
    '422 VALIDATION_ERROR for a link to itself.',
} as const;
