import { envelope, IdParams, pageEnvelope } from '../schemas/common.ts';
import {
  CreateEscalationPolicyBody,
  EscalationPolicyListQuery,
  EscalationPolicyListResponse,
  EscalationPolicyResponse,
  IncidentEscalationResponse,
  ReassignIncidentBody,
  ReassignmentResponse,
  SnoozeIncidentBody,
  UpdateEscalationPolicyBody,
} from '../schemas/escalation.schemas.ts';
import type { EscalationPolicyService } from '../services/escalation-policy.service.ts';
import type { IncidentEscalationService } from '../services/incident-escalation.service.ts';
import { defineRoute } from './route.ts';
import { escalationDocs } from '../docs/escalation.ts';

export function escalationPolicyRoutes(policies: EscalationPolicyService) {
  return [
    defineRoute({
      method: 'get',
      path: '/escalation-policies',
      operationId: 'listEscalationPolicies',
      summary: 'List escalation policies',
      tags: ['escalation-policies'],
      access: 'escalation:read',
      request: { query: EscalationPolicyListQuery },
      responses: { 200: { description: 'A page of policies', schema: EscalationPolicyListResponse } },
      handler: async ({ auth, query }) => ({ body: pageEnvelope(await policies.list(auth, query), query) }),
    }),
    defineRoute({
      method: 'post',
      path: '/escalation-policies',
      operationId: 'createEscalationPolicy',
      summary: 'Create an escalation policy',
      description: escalationDocs.createEscalationPolicy,
      tags: ['escalation-policies'],
      access: 'escalation:update',
      request: { body: CreateEscalationPolicyBody },
      responses: { 201: { description: 'Created', schema: EscalationPolicyResponse } },
      handler: async ({ auth, body }) => ({ status: 201, body: envelope(await policies.create(auth, body)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/escalation-policies/{id}',
      operationId: 'getEscalationPolicy',
      summary: 'Read an escalation policy',
      tags: ['escalation-policies'],
      access: 'escalation:read',
      request: { params: IdParams },
      responses: { 200: { description: 'The policy', schema: EscalationPolicyResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await policies.get(auth, params.id)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/escalation-policies/{id}',
      operationId: 'updateEscalationPolicy',
      summary: 'Update an escalation policy',
      description: escalationDocs.updateEscalationPolicy,
      tags: ['escalation-policies'],
      access: 'escalation:update',
      request: { params: IdParams, body: UpdateEscalationPolicyBody },
      responses: { 200: { description: 'The policy', schema: EscalationPolicyResponse } },
      errors: [404],
      handler: async ({ auth, params, body }) => ({ body: envelope(await policies.update(auth, params.id, body)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/escalation-policies/{id}',
      operationId: 'deleteEscalationPolicy',
      summary: 'Delete an escalation policy',
      description: escalationDocs.deleteEscalationPolicy,
      tags: ['escalation-policies'],
      access: 'escalation:update',
      request: { params: IdParams },
      responses: { 204: { description: 'Deleted' } },
      errors: [404, 409],
      handler: async ({ auth, params }) => {
        await policies.remove(auth, params.id);
        return { status: 204 };
      },
    }),
  ];
}

export function incidentEscalationRoutes(escalations: IncidentEscalationService) {
  return [
    defineRoute({
      method: 'get',
      path: '/incidents/{id}/escalation',
      operationId: 'getIncidentEscalation',
      summary: "The incident's escalation: policy, current level and round, next escalation time, pages",
      tags: ['incidents'],
      access: 'incidents:read',
      request: { params: IdParams },
      responses: { 200: { description: 'The escalation', schema: IncidentEscalationResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await escalations.get(auth, params.id)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/incidents/{id}/escalate',
      operationId: 'escalateIncident',
      summary: 'Page the next level now',
      description: escalationDocs.escalateIncident,
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: IdParams },
      responses: { 202: { description: 'The next level is being paged', schema: IncidentEscalationResponse } },
      errors: [404, 409],
      handler: async ({ auth, params }) => ({ status: 202, body: envelope(await escalations.escalateNow(auth, params.id)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/incidents/{id}/snooze',
      operationId: 'snoozeIncident',
      summary: 'Snooze an acknowledged incident',
      description: escalationDocs.snoozeIncident,
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: IdParams, body: SnoozeIncidentBody },
      responses: { 200: { description: 'Snoozed; `snoozed_until` says until when', schema: IncidentEscalationResponse } },
      errors: [404, 409, 422],
      handler: async ({ auth, params, body }) => ({ body: envelope(await escalations.snooze(auth, params.id, body)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/incidents/{id}/reassign',
      operationId: 'reassignIncident',
      summary: 'Reassign the incident to a person or an escalation policy',
      description: escalationDocs.reassignIncident,
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: IdParams, body: ReassignIncidentBody },
      responses: { 202: { description: 'Reassigned; the new cycle pages within moments', schema: ReassignmentResponse } },
      errors: [404, 409, 422, 503],
      handler: async ({ auth, params, body }) => ({ status: 202, body: envelope(await escalations.reassign(auth, params.id, body)) }),
    }),
  ];
}
