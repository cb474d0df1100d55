import { envelope, IdParams, pageEnvelope } from '../schemas/common.ts';
import {
  CreateIncidentBody,
  IncidentDetailResponse,
  IncidentListQuery,
  IncidentListResponse,
  IncidentResponse,
  UpdateIncidentBody,
} from '../schemas/incident.schemas.ts';
import type { IncidentService } from '../services/incident.service.ts';
import { defineRoute } from './route.ts';
import { incidentDocs } from '../docs/incident.ts';

export function incidentRoutes(incidents: IncidentService) {
  return [
    defineRoute({
      method: 'get',
      path: '/incidents',
      operationId: 'listIncidents',
      summary: 'List incidents, newest first',
      tags: ['incidents'],
      access: 'incidents:read',
      request: { query: IncidentListQuery },
      responses: { 200: { description: 'A page of incidents', schema: IncidentListResponse } },
      handler: async ({ auth, query }) => ({ body: pageEnvelope(await incidents.list(auth, query), query) }),
    }),
    defineRoute({
      method: 'post',
      path: '/incidents',
      operationId: 'createIncident',
      summary: 'Create an incident by hand',
      description: incidentDocs.createIncident,
      tags: ['incidents'],
      access: 'incidents:create',
      request: { body: CreateIncidentBody },
      responses: { 201: { description: 'Created', schema: IncidentResponse } },
      errors: [404],
      handler: async ({ auth, body }) => ({ status: 201, body: envelope(await incidents.create(auth, body)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/incidents/{id}',
      operationId: 'getIncident',
      summary: 'An incident with its timeline and analysis',
      tags: ['incidents'],
      access: 'incidents:read',
      request: { params: IdParams },
      responses: { 200: { description: 'The incident', schema: IncidentDetailResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await incidents.get(auth, params.id)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/incidents/{id}',
      operationId: 'updateIncident',
      summary: 'Update status, severity, assignee, title, description or tags',
      description: incidentDocs.updateIncident,
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: IdParams, body: UpdateIncidentBody },
      responses: { 200: { description: 'The updated incident', schema: IncidentResponse } },
      errors: [404, 409],
      handler: async ({ auth, params, body }) => ({ body: envelope(await incidents.update(auth, params.id, body)) }),
    }),
  ];
}
