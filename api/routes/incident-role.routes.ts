import { envelope, IdParams } from '../schemas/common.ts';
import {
  AssignIncidentRoleBody,
  AssignIncidentRoleResponse,
  CreateIncidentRoleBody,
  IncidentRoleAssignmentListResponse,
  IncidentRoleAssignmentParams,
  IncidentRoleListResponse,
  IncidentRoleParams,
  IncidentRoleResponse,
  UpdateIncidentRoleBody,
} from '../schemas/incident-role.schemas.ts';
import type { IncidentRoleService } from '../services/incident-role.service.ts';
import { defineRoute } from './route.ts';

/** The organization's incident roles, and who holds them on an incident. */
export function incidentRoleRoutes(roles: IncidentRoleService) {
  return [
    defineRoute({
      method: 'get',
      path: '/incident-roles',
      operationId: 'listIncidentRoles',
      summary: 'The incident roles: the built-in commander, communications lead and scribe, then the custom ones',
      tags: ['incident-roles'],
      access: 'incidents:read',
      request: {},
      responses: { 200: { description: 'Built-in roles first, then custom ones, oldest first', schema: IncidentRoleListResponse } },
      errors: [],
      handler: async ({ auth }) => ({ body: envelope(await roles.list(auth)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/incident-roles',
      operationId: 'createIncidentRole',
      summary: 'Add a custom incident role',
      description: '409 CONFLICT for a key in use (built-in or custom), or past 50 custom roles.',
      tags: ['incident-roles'],
      access: 'settings:update',
      request: { body: CreateIncidentRoleBody },
      responses: { 201: { description: 'The new role', schema: IncidentRoleResponse } },
      errors: [409, 422],
      handler: async ({ auth, body }) => ({ status: 201, body: envelope(await roles.create(auth, body)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/incident-roles/{role}',
      operationId: 'updateIncidentRole',
      summary: 'Rename a custom incident role or change its description (its key stays)',
      description: '409 CONFLICT for a built-in role; 404 NOT_FOUND for a key the organization does not have.',
      tags: ['incident-roles'],
      access: 'settings:update',
      request: { params: IncidentRoleParams, body: UpdateIncidentRoleBody },
      responses: { 200: { description: 'The role as changed', schema: IncidentRoleResponse } },
      errors: [404, 409, 422],
      handler: async ({ auth, params, body }) => ({ body: envelope(await roles.update(auth, params.role, body)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/incident-roles/{role}',
      operationId: 'deleteIncidentRole',
      summary: 'Delete a custom incident role',
      description:
        'Refused (409 CONFLICT) for a built-in role and while an open incident has someone in it; resolved incidents keep their holders, named by the key.',
      tags: ['incident-roles'],
      access: 'settings:update',
      request: { params: IncidentRoleParams },
      responses: { 204: { description: 'Deleted' } },
      errors: [404, 409],
      handler: async ({ auth, params }) => {
        await roles.remove(auth, params.role);
        return { status: 204 };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/incidents/{id}/roles',
      operationId: 'listIncidentRoleHolders',
      summary: 'Who holds which role on the incident',
      tags: ['incidents'],
      access: 'incidents:read',
      request: { params: IdParams },
      responses: { 200: { description: 'Role holders, first assigned first', schema: IncidentRoleAssignmentListResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await roles.holders(auth, params.id)) }),
    }),
    defineRoute({
      method: 'put',
      path: '/incidents/{id}/roles/{role}',
      operationId: 'assignIncidentRole',
      summary: 'Put a member in a role on the incident (one holder per role: the previous one is replaced)',
      description:
        'A new holder other than the caller is asked as a responder and paged through their own notification rules (high urgency) until they accept, ' +
        'once per incident: someone asked to respond before is not paged again. The same holder again changes nothing. On the timeline and as an `incident.updated` event. ' +
        '404 NOT_FOUND for an incident of another organization or an unknown role; 409 CONFLICT for a resolved incident; 422 VALIDATION_ERROR for a user not of the organization.',
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: IncidentRoleAssignmentParams, body: AssignIncidentRoleBody },
      responses: { 200: { description: 'Who holds the role now', schema: AssignIncidentRoleResponse } },
      errors: [404, 409, 422],
      handler: async ({ auth, params, body }) => ({ body: envelope(await roles.assign(auth, params.id, params.role, body)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/incidents/{id}/roles/{role}',
      operationId: 'unassignIncidentRole',
      summary: 'Empty a role on the incident',
      description: '404 NOT_FOUND when nobody holds it (or for an incident of another organization); 409 CONFLICT for a resolved incident.',
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: IncidentRoleAssignmentParams },
      responses: { 204: { description: 'Nobody holds it now' } },
      errors: [404, 409],
      handler: async ({ auth, params }) => {
        await roles.unassign(auth, params.id, params.role);
        return { status: 204 };
      },
    }),
  ];
}
