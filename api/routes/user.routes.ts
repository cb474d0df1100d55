import { envelope, IdParams, pageEnvelope } from '../schemas/common.ts';
import { UserListQuery, UserListResponse, UserResponse, UpdateUserBody } from '../schemas/user.schemas.ts';
import type { UserService } from '../services/user.service.ts';
import { defineRoute } from './route.ts';
import { userDocs } from '../docs/user.ts';

export function userRoutes(users: UserService) {
  return [
    defineRoute({
      method: 'get',
      path: '/users',
      operationId: 'listUsers',
      summary: 'List the users of the organization',
      tags: ['users'],
      access: 'users:read',
      request: { query: UserListQuery },
      responses: { 200: { description: 'Users, oldest first', schema: UserListResponse } },
      handler: async ({ auth, query }) => ({ body: pageEnvelope(await users.list(auth, query), query) }),
    }),
    defineRoute({
      method: 'get',
      path: '/users/{id}',
      operationId: 'getUser',
      summary: 'Read a user',
      tags: ['users'],
      access: 'users:read',
      request: { params: IdParams },
      responses: { 200: { description: 'The user', schema: UserResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await users.get(auth, params.id)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/users/{id}',
      operationId: 'updateUser',
      summary: "Update a user's name or role",
      description: userDocs.updateUser,
      tags: ['users'],
      access: 'users:read',
      request: { params: IdParams, body: UpdateUserBody },
      responses: { 200: { description: 'The updated user', schema: UserResponse } },
      errors: [403, 404, 409],
      handler: async ({ auth, params, body }) => ({ body: envelope(await users.update(auth, params.id, body)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/users/{id}',
      operationId: 'removeUser',
      summary: 'Remove a user from the organization',
      description: userDocs.removeUser,
      tags: ['users'],
      access: 'users:delete',
      request: { params: IdParams },
      responses: { 204: { description: 'Removed' } },
      errors: [404, 409],
      handler: async ({ auth, params }) => {
        await users.remove(auth, params.id);
        return { status: 204 };
      },
    }),
  ];
}
