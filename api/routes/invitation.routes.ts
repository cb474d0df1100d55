import { PlanLimitErrorResponse } from '../schemas/billing.schemas.ts';
import { envelope, IdParams, pageEnvelope, PaginationQuery } from '../schemas/common.ts';
import {
  AcceptInvitationBody,
  InvitationAcceptResponse,
  CreateInvitationBody,
  InvitationListResponse,
  InvitationResponse,
} from '../schemas/invitation.schemas.ts';
import type { InvitationService } from '../services/invitation.service.ts';
import { defineRoute } from './route.ts';
import { invitationDocs } from '../docs/invitation.ts';

export function invitationRoutes(invitations: InvitationService) {
  return [
    defineRoute({
      method: 'post',
      path: '/invitations',
      operationId: 'createInvitation',
      summary: 'Invite someone to the organization by email',
      description: invitationDocs.createInvitation,
      tags: ['invitations'],
      access: 'users:create',
      request: { body: CreateInvitationBody },
      responses: {
        201: { description: 'Invitation sent', schema: InvitationResponse },
        402: { description: "The organization's member quota is reached (PLAN_LIMIT_REACHED)", schema: PlanLimitErrorResponse },
      },
      errors: [409],
      handler: async ({ auth, body }) => ({ status: 201, body: envelope(await invitations.create(auth, body)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/invitations',
      operationId: 'listInvitations',
      summary: 'Pending invitations',
      tags: ['invitations'],
      access: 'users:read',
      request: { query: PaginationQuery },
      responses: { 200: { description: 'Pending invitations, newest first', schema: InvitationListResponse } },
      handler: async ({ auth, query }) => ({ body: pageEnvelope(await invitations.list(auth, query), query) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/invitations/{id}',
      operationId: 'revokeInvitation',
      summary: 'Revoke an invitation',
      tags: ['invitations'],
      access: 'users:create',
      request: { params: IdParams },
      responses: { 204: { description: 'Revoked' } },
      errors: [404, 409],
      handler: async ({ auth, params }) => {
        await invitations.revoke(auth, params.id);
        return { status: 204 };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/invitations/accept',
      operationId: 'acceptInvitation',
      summary: 'Accept an invitation: create the account in the inviting organization',
      description: invitationDocs.acceptInvitation,
      tags: ['invitations'],
      access: 'public',
      request: { body: AcceptInvitationBody },
      responses: {
        201: { description: 'The new user and their organization', schema: InvitationAcceptResponse },
        402: { description: "The organization's member quota is reached (PLAN_LIMIT_REACHED)", schema: PlanLimitErrorResponse },
      },
      errors: [401, 409],
      handler: async ({ body }) => ({ status: 201, body: envelope(await invitations.accept(body)) }),
    }),
  ];
}
