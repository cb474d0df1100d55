import { envelope, IdParams } from '../schemas/common.ts';
import { IncidentAlertListResponse, IncidentAlertParams, UngroupedAlertResponse } from '../schemas/incident-alert.schemas.ts';
import type { IncidentAlertService } from '../services/incident-alert.service.ts';
import { defineRoute } from './route.ts';
import { incidentAlertDocs } from '../docs/incident-alert.ts';

export function incidentAlertRoutes(alerts: IncidentAlertService) {
  return [
    defineRoute({
      method: 'get',
      path: '/incidents/{id}/alerts',
      operationId: 'listIncidentAlerts',
      summary: "An incident's alerts, one entry per dedup key",
      description: incidentAlertDocs.listIncidentAlerts,
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
      description: incidentAlertDocs.ungroupIncidentAlert,
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: IncidentAlertParams },
      responses: { 201: { description: 'The new incident', schema: UngroupedAlertResponse } },
      errors: [404, 409],
      handler: async ({ auth, params }) => ({ status: 201, body: envelope(await alerts.ungroup(auth, params.id, params.dedup_key)) }),
    }),
  ];
}
