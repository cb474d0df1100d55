import { envelope, IdParams } from '../schemas/common.ts';
import {
  AddRespondersBody,
  AddRespondersResponse,
  ResponderListResponse,
  ResponderParams,
  ResponderResponse,
} from '../schemas/responder.schemas.ts';
import type { ResponderService } from '../services/responder.service.ts';
import { defineRoute } from './route.ts';
import { responderDocs } from '../docs/responder.ts';

const answerRoute = (responders: ResponderService, answer: 'accept' | 'decline') =>
  defineRoute({
    method: 'post',
    path: `/incidents/{id}/responders/{responderId}/${answer}`,
    operationId: answer === 'accept' ? 'acceptResponderRequest' : 'declineResponderRequest',
    summary: answer === 'accept' ? 'Accept a request to respond' : 'Decline a request to respond (never paged for it again)',
    description:
      'Only the asked person answers their request: anyone else is 403 INSUFFICIENT_PERMISSIONS. Answering again the same way changes nothing; ' +
      'changing an answer is 409 CONFLICT. 404 NOT_FOUND for an incident or request of another organization.',
    tags: ['incidents'],
    access: 'incidents:read',
    request: { params: ResponderParams },
    responses: { 200: { description: 'The request as answered', schema: ResponderResponse } },
    errors: [403, 404, 409],
    handler: async ({ auth, params }) => ({ body: envelope(await responders.answer(auth, params.id, params.responderId, answer)) }),
  });

export function responderRoutes(responders: ResponderService) {
  return [
    defineRoute({
      method: 'get',
      path: '/incidents/{id}/responders',
      operationId: 'listIncidentResponders',
      summary: "The incident's responders and whether each accepted or declined",
      tags: ['incidents'],
      access: 'incidents:read',
      request: { params: IdParams },
      responses: { 200: { description: 'Responders, oldest request first', schema: ResponderListResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await responders.list(auth, params.id)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/incidents/{id}/responders',
      operationId: 'addIncidentResponders',
      summary: 'Ask people, schedules (their on-call now) or escalation policies (their first level now) to respond',
      description: responderDocs.addIncidentResponders,
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: IdParams, body: AddRespondersBody },
      responses: { 201: { description: 'Asked; their pages go out within moments', schema: AddRespondersResponse } },
      errors: [404, 409, 422],
      handler: async ({ auth, params, body }) => ({ status: 201, body: envelope(await responders.add(auth, params.id, body)) }),
    }),
    answerRoute(responders, 'accept'),
    answerRoute(responders, 'decline'),
  ];
}
