import { envelope, IdParams, pageEnvelope } from '../schemas/common.ts';
import {
  AddTeamMemberBody,
  CreateTeamBody,
  TeamListQuery,
  TeamListResponse,
  TeamMemberParams,
  TeamResponse,
  UpdateTeamBody,
} from '../schemas/team.schemas.ts';
import type { TeamService } from '../services/team.service.ts';
import { defineRoute, type RouteDefinition } from './route.ts';
import { teamDocs } from '../docs/team.ts';

export function teamRoutes(teams: TeamService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/teams',
      operationId: 'listTeams',
      summary: 'List teams',
      description: teamDocs.listTeams,
      tags: ['teams'],
      access: 'escalation:read',
      request: { query: TeamListQuery },
      responses: { 200: { description: 'A page of teams, by name', schema: TeamListResponse } },
      handler: async ({ auth, query }) => ({ body: pageEnvelope(await teams.list(auth, query), query) }),
    }),
    defineRoute({
      method: 'post',
      path: '/teams',
      operationId: 'createTeam',
      summary: 'Create a team',
      description: teamDocs.createTeam,
      tags: ['teams'],
      access: 'escalation:update',
      request: { body: CreateTeamBody },
      responses: { 201: { description: 'Created', schema: TeamResponse } },
      errors: [409],
      handler: async ({ auth, body }) => ({ status: 201, body: envelope(await teams.create(auth, body)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/teams/{id}',
      operationId: 'getTeam',
      summary: 'Read a team',
      tags: ['teams'],
      access: 'escalation:read',
      request: { params: IdParams },
      responses: { 200: { description: 'The team', schema: TeamResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await teams.get(auth, params.id)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/teams/{id}',
      operationId: 'updateTeam',
      summary: 'Update a team',
      description: teamDocs.updateTeam,
      tags: ['teams'],
      access: 'escalation:update',
      request: { params: IdParams, body: UpdateTeamBody },
      responses: { 200: { description: 'The team', schema: TeamResponse } },
      errors: [404, 409],
      handler: async ({ auth, params, body }) => ({ body: envelope(await teams.update(auth, params.id, body)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/teams/{id}',
      operationId: 'deleteTeam',
      summary: 'Delete a team',
      description: teamDocs.deleteTeam,
      tags: ['teams'],
      access: 'escalation:update',
      request: { params: IdParams },
      responses: { 204: { description: 'Deleted' } },
      errors: [404, 409],
      handler: async ({ auth, params }) => {
        await teams.remove(auth, params.id);
        return { status: 204 };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/teams/{id}/members',
      operationId: 'addTeamMember',
      summary: 'Add a member to a team',
      description: teamDocs.addTeamMember,
      tags: ['teams'],
      access: 'escalation:update',
      request: { params: IdParams, body: AddTeamMemberBody },
      responses: { 200: { description: 'The team', schema: TeamResponse } },
      errors: [404, 409],
      handler: async ({ auth, params, body }) => ({ body: envelope(await teams.addMember(auth, params.id, body)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/teams/{id}/members/{user_id}',
      operationId: 'removeTeamMember',
      summary: 'Remove a member from a team',
      tags: ['teams'],
      access: 'escalation:update',
      request: { params: TeamMemberParams },
      responses: { 200: { description: 'The team', schema: TeamResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await teams.removeMember(auth, params.id, params.user_id)) }),
    }),
  ];
}
