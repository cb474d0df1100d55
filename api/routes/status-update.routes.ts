import { envelope, IdParams } from '../schemas/common.ts';
import {
  CreateStatusUpdateBody,
  IncidentSubscriberBody,
  StatusUpdateListResponse,
  StatusUpdateResponse,
  SubscriberListResponse,
  SubscriberParams,
  SubscriberResponse,
} from '../schemas/status-page.schemas.ts';
import type { StatusUpdateService } from '../services/status-update.service.ts';
import { defineRoute } from './route.ts';
import { statusUpdateDocs } from '../docs/status-update.ts';

export function statusUpdateRoutes(updates: StatusUpdateService) {
  return [
    defineRoute({
      method: 'get',
      path: '/incidents/{id}/status-updates',
      operationId: 'listStatusUpdates',
      summary: "The incident's status updates, newest first",
      tags: ['incidents'],
      access: 'incidents:read',
      request: { params: IdParams },
      responses: { 200: { description: 'Status updates, internal and public', schema: StatusUpdateListResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await updates.list(auth, params.id)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/incidents/{id}/status-updates',
      operationId: 'postStatusUpdate',
      summary: 'Post a status update (investigating, identified, monitoring, resolved)',
      description: statusUpdateDocs.postStatusUpdate,
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: IdParams, body: CreateStatusUpdateBody },
      responses: { 201: { description: 'Posted', schema: StatusUpdateResponse } },
      errors: [404],
      handler: async ({ auth, params, body }) => ({ status: 201, body: envelope(await updates.post(auth, params.id, body)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/incidents/{id}/subscribers',
      operationId: 'listIncidentSubscribers',
      summary: "Who gets the incident's status updates by mail",
      tags: ['incidents'],
      access: 'incidents:read',
      request: { params: IdParams },
      responses: { 200: { description: 'Subscribers, confirmed or not', schema: SubscriberListResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await updates.listSubscribers(auth, params.id)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/incidents/{id}/subscribers',
      operationId: 'subscribeToIncident',
      summary: "Subscribe yourself or an outside address to the incident's status updates",
      description: statusUpdateDocs.subscribeToIncident,
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: IdParams, body: IncidentSubscriberBody },
      responses: { 201: { description: 'Subscribed (pending confirmation for an outside address)', schema: SubscriberResponse } },
      errors: [404],
      handler: async ({ auth, params, body }) => ({ status: 201, body: envelope(await updates.subscribe(auth, params.id, body.email)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/incidents/{id}/subscribers/{subscriberId}',
      operationId: 'removeIncidentSubscriber',
      summary: 'Remove a subscriber of the incident',
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: SubscriberParams },
      responses: { 204: { description: 'Removed' } },
      errors: [404],
      handler: async ({ auth, params }) => {
        await updates.unsubscribe(auth, params.id, params.subscriberId);
        return { status: 204 };
      },
    }),
  ];
}
