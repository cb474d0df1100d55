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
      description:
        'Levels are paged in order: each level pages its targets, then waits `delay_minutes` before the next; after the last level the chain runs again `repeat` times. ' +
        "Targets must be members, schedules or teams of the organization (422 otherwise). A schedule target pages whoever the schedule has on call; a team target whoever the team's schedules have on call, or every member of the team when nobody is. " +
        "`team_id` names the owning team (422 when not of the organization); `GET /escalation-policies?team_id=` lists a team's policies.",
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
      description: 'Escalations already running keep the policy as it was when their incident opened.',
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
      description:
        "Integrations that named it page through the organization's default policy afterwards, and teams that had it as their default have none; running escalations go on. 409 CONFLICT while a routing rule chooses it.",
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
      description:
        'Ends the current wait of the running escalation. 409 CONFLICT when the incident has no running escalation, or when it was reassigned to a person (no level follows).',
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
      description:
        'PagerDuty semantics: the incident stays acknowledged for `duration` seconds, then goes back to `active` and pages again from level 1 of its escalation policy ' +
        '(or its assignee) in a new cycle, unless it was resolved or mitigated meanwhile, which pages nobody. The snooze replaces the acknowledgement timeout; ' +
        'snoozing again sets a new end; any status change ends the snooze. On the timeline and in the audit log. ' +
        '409 CONFLICT unless the incident is acknowledged (`investigating`); 404 NOT_FOUND for an incident of another organization.',
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
      description:
        'Give exactly one of `user_id` and `escalation_policy_id`. The running escalation ends (`reassigned`) and the incident starts a new escalation cycle: ' +
        'to a person, they become the assignee and are paged at once through their notification rules (PagerDuty semantics; it goes on until they acknowledge by moving the incident out of `active`); ' +
        'to a policy, the incident is unassigned and escalates on that policy from level 1. An acknowledged incident goes back to `active`. ' +
        'It works whether or not an escalation was running (`previous` says where it stood). 404 NOT_FOUND for an incident of another organization; ' +
        '422 VALIDATION_ERROR when the user or policy is not one of the organization; 409 CONFLICT when the incident is resolved (reopen it first); ' +
        '503 when the running escalation did not answer in time (nothing was reassigned).',
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: IdParams, body: ReassignIncidentBody },
      responses: { 202: { description: 'Reassigned; the new cycle pages within moments', schema: ReassignmentResponse } },
      errors: [404, 409, 422, 503],
      handler: async ({ auth, params, body }) => ({ status: 202, body: envelope(await escalations.reassign(auth, params.id, body)) }),
    }),
  ];
}
