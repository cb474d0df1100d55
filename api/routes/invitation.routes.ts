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

export function invitationRoutes(invitations: InvitationService) {
  return [
    defineRoute({
      method: 'post',
      path: '/invitations',
      operationId: 'createInvitation',
      summary: 'Invite someone to the organization by email',
      description:
        'Emails a single-use token valid for 7 days. Inviting an address again replaces its pending invitation. Only an owner may invite an owner; an address that already has an account is 409. ' +
        "An organization with no seat left in its plan's member quota (`GET /billing`: `limits.members`) refuses with 402 `PLAN_LIMIT_REACHED` and sends nothing; " +
        'with a seat left, every invitation is sent, and acceptance takes the seats in turn (a later one is refused while none is free).',
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
      description:
        'No credential: the emailed token is one. A bad, used, revoked or expired token is 401 INVALID_TOKEN; an email that already has an account is 409. ' +
        "An organization at its plan's member quota (`GET /billing`: `limits.members`) refuses with 402 `PLAN_LIMIT_REACHED`: nothing is created and the invitation stays pending, usable after an upgrade.",
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
