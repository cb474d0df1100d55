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
import { incidentRoleDocs } from '../docs/incident-role.ts';

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
      description: incidentRoleDocs.createIncidentRole,
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
      description: incidentRoleDocs.updateIncidentRole,
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
      description: incidentRoleDocs.deleteIncidentRole,
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
      description: incidentRoleDocs.assignIncidentRole,
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
      description: incidentRoleDocs.unassignIncidentRole,
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
