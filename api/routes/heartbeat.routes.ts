import { envelope, IdParams, pageEnvelope } from '../schemas/common.ts';
import {
  CreateHeartbeatBody,
  HeartbeatListQuery,
  HeartbeatListResponse,
  HeartbeatPingQuery,
  HeartbeatPingResponse,
  HeartbeatResponse,
  HeartbeatWithTokenResponse,
  UpdateHeartbeatBody,
} from '../schemas/heartbeat.schemas.ts';
import type { HeartbeatService } from '../services/heartbeat.service.ts';
import { defineRoute, type RouteDefinition } from './route.ts';
import { heartbeatDocs } from '../docs/heartbeat.ts';

const PING_DESCRIPTION =
  'No credential: the secret `token` query parameter of the ping URL is the credential (an unknown or rotated one is 404). Stamps the ping; while the heartbeat is down, it also resolves the lapse incident (503 when Temporal cannot take that: retry). ' +
  'POST may carry an Alertmanager webhook payload (`{"alerts": [...]}`): it pings only when one of its alerts is firing with `labels.alertname` equal to the heartbeat\'s `alert_name` (default `Watchdog`), else answers `pinged: false` and changes nothing. Any other body, or none, is a plain ping. ' +
  "Each ping counts one unit of its integration's hourly webhook quota (429 past it); unknown secrets count against the caller's IP as failed webhook authentications.";

export function heartbeatRoutes(heartbeats: HeartbeatService): RouteDefinition[] {
  const ping = (method: 'get' | 'post') =>
    defineRoute({
      method,
      path: '/heartbeats/ping',
      operationId: method === 'get' ? 'pingHeartbeat' : 'pingHeartbeatPost',
      summary: method === 'get' ? 'Ping a heartbeat' : 'Ping a heartbeat (POST, Alertmanager Watchdog payloads understood)',
      description: PING_DESCRIPTION,
      tags: ['heartbeats'],
      access: 'public',
      authenticatedBy: 'handler',
      request: { query: HeartbeatPingQuery },
      responses: {
        200: {
          description: 'Pinged (or, for an Alertmanager payload without the watched alert firing, not)',
          schema: HeartbeatPingResponse,
        },
      },
      errors: [404, 429, 503],
      handler: async ({ query, rateLimit }, ctx) => ({
        body: envelope(
          await heartbeats.ping(query.token, method === 'post' ? (ctx.request as { body?: unknown }).body : undefined, rateLimit),
        ),
      }),
    });

  return [
    defineRoute({
      method: 'get',
      path: '/heartbeats',
      operationId: 'listHeartbeats',
      summary: 'List heartbeats',
      description: heartbeatDocs.listHeartbeats,
      tags: ['heartbeats'],
      access: 'integrations:read',
      request: { query: HeartbeatListQuery },
      responses: { 200: { description: 'A page of heartbeats, by name', schema: HeartbeatListResponse } },
      handler: async ({ auth, query }) => ({ body: pageEnvelope(await heartbeats.list(auth, query), query) }),
    }),
    defineRoute({
      method: 'post',
      path: '/heartbeats',
      operationId: 'createHeartbeat',
      summary: 'Create a heartbeat',
      description: heartbeatDocs.createHeartbeat,
      tags: ['heartbeats'],
      access: 'integrations:create',
      request: { body: CreateHeartbeatBody },
      responses: { 201: { description: 'Created, with its ping URL', schema: HeartbeatWithTokenResponse } },
      errors: [503],
      handler: async ({ auth, body }) => ({ status: 201, body: envelope(await heartbeats.create(auth, body)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/heartbeats/{id}',
      operationId: 'getHeartbeat',
      summary: 'Read a heartbeat',
      tags: ['heartbeats'],
      access: 'integrations:read',
      request: { params: IdParams },
      responses: { 200: { description: 'The heartbeat', schema: HeartbeatResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await heartbeats.get(auth, params.id)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/heartbeats/{id}',
      operationId: 'updateHeartbeat',
      summary: 'Update a heartbeat',
      description: heartbeatDocs.updateHeartbeat,
      tags: ['heartbeats'],
      access: 'integrations:update',
      request: { params: IdParams, body: UpdateHeartbeatBody },
      responses: { 200: { description: 'The heartbeat', schema: HeartbeatResponse } },
      errors: [404, 503],
      handler: async ({ auth, params, body }) => ({ body: envelope(await heartbeats.update(auth, params.id, body)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/heartbeats/{id}/rotate-token',
      operationId: 'rotateHeartbeatToken',
      summary: "Replace a heartbeat's ping URL",
      description: heartbeatDocs.rotateHeartbeatToken,
      tags: ['heartbeats'],
      access: 'integrations:update',
      request: { params: IdParams },
      responses: { 200: { description: 'The heartbeat, with its new ping URL', schema: HeartbeatWithTokenResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await heartbeats.rotateToken(auth, params.id)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/heartbeats/{id}',
      operationId: 'deleteHeartbeat',
      summary: 'Delete a heartbeat',
      description: heartbeatDocs.deleteHeartbeat,
      tags: ['heartbeats'],
      access: 'integrations:delete',
      request: { params: IdParams },
      responses: { 204: { description: 'Deleted' } },
      errors: [404],
      handler: async ({ auth, params }) => {
        await heartbeats.remove(auth, params.id);
        return { status: 204 };
      },
    }),
    ping('get'),
    ping('post'),
  ];
}
