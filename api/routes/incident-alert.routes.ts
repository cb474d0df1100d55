import { envelope, IdParams } from '../schemas/common.ts';
import { IncidentAlertListResponse, IncidentAlertParams, UngroupedAlertResponse } from '../schemas/incident-alert.schemas.ts';
import type { IncidentAlertService } from '../services/incident-alert.service.ts';
import { defineRoute } from './route.ts';

export function incidentAlertRoutes(alerts: IncidentAlertService) {
  return [
    defineRoute({
      method: 'get',
      path: '/incidents/{id}/alerts',
      operationId: 'listIncidentAlerts',
      summary: "An incident's alerts, one entry per dedup key",
      description:
        'What an incident holds: each alert key (fingerprint) with its latest status and labels and how many alerts it sent. A grouped incident (its integration or routing rule has `grouping`) holds every key of its group.',
      tags: ['incidents'],
      access: 'incidents:read',
      request: { params: IdParams },
      responses: { 200: { description: 'Its alert keys, in key order', schema: IncidentAlertListResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await alerts.list(auth, params.id)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/incidents/{id}/alerts/{dedup_key}/ungroup',
      operationId: 'ungroupIncidentAlert',
      summary: 'Move one alert key out of a grouped incident into its own incident',
      description:
        "The key's alerts move to a new incident, which is routed and pages as any new incident does; its later alerts go to that incident. 409 when the incident is resolved, was not opened by a group, or holds no other key; 404 when the key is not one of its alerts.",
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: IncidentAlertParams },
      responses: { 201: { description: 'The new incident', schema: UngroupedAlertResponse } },
      errors: [404, 409],
      handler: async ({ auth, params }) => ({ status: 201, body: envelope(await alerts.ungroup(auth, params.id, params.dedup_key)) }),
    }),
  ];
}
