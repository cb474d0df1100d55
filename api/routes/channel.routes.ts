import { envelope, IdParams } from '../schemas/common.ts';
import {
  ChannelConnectionKindParams,
  ChannelConnectionListResponse,
  ChannelConnectionResponse,
  ChannelIdentityListResponse,
  ChannelIdentityResponse,
  ChannelLinkPreviewQuery,
  ChannelLinkPreviewResponse,
  LinkChannelIdentityBody,
  PutChannelConnectionBody,
} from '../schemas/channel.schemas.ts';
import type { ChannelConnectionService } from '../services/channel-connection.service.ts';
import type { ChannelIdentityService } from '../services/channel-identity.service.ts';
import { defineRoute } from './route.ts';
import { channelDocs } from '../docs/channel.ts';

const all = <T>(page: { items: T[]; total: number }) => ({
  data: page.items,
  meta: { total: page.total, limit: page.total, offset: 0 },
});

/** The organization's channel connections and each member's linked channel accounts. */
export function channelRoutes(connections: ChannelConnectionService, identities: ChannelIdentityService) {
  return [
    defineRoute({
      method: 'get',
      path: '/channel-connections',
      operationId: 'listChannelConnections',
      summary: "The organization's channel connections",
      description: channelDocs.listChannelConnections,
      tags: ['channels'],
      access: 'integrations:read',
      responses: { 200: { description: 'Every connection', schema: ChannelConnectionListResponse } },
      handler: async ({ auth }) => ({ body: all(await connections.list(auth)) }),
    }),
    defineRoute({
      method: 'put',
      path: '/channel-connections/{kind}',
      operationId: 'putChannelConnection',
      summary: 'Connect a channel, or replace its settings',
      description: channelDocs.putChannelConnection,
      tags: ['channels'],
      access: 'integrations:update',
      request: { params: ChannelConnectionKindParams, body: PutChannelConnectionBody },
      responses: { 200: { description: 'The connection', schema: ChannelConnectionResponse } },
      errors: [403],
      handler: async ({ auth, params, body }) => ({ body: envelope(await connections.put(auth, params.kind, body)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/channel-connections/{kind}',
      operationId: 'deleteChannelConnection',
      summary: 'Disconnect a channel',
      description: channelDocs.deleteChannelConnection,
      tags: ['channels'],
      access: 'integrations:update',
      request: { params: ChannelConnectionKindParams },
      responses: { 204: { description: 'Removed' } },
      errors: [403, 404],
      handler: async ({ auth, params }) => {
        await connections.remove(auth, params.kind);
        return { status: 204 };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/channel-identities',
      operationId: 'listMyChannelIdentities',
      summary: 'Your linked channel accounts',
      description: channelDocs.listMyChannelIdentities,
      tags: ['channels'],
      access: 'authenticated',
      responses: { 200: { description: 'Your linked accounts', schema: ChannelIdentityListResponse } },
      handler: async ({ auth }) => ({ body: all(await identities.list(auth)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/channel-identities/link',
      operationId: 'previewChannelLink',
      summary: 'What a channel link would link, without using it',
      description: channelDocs.previewChannelLink,
      tags: ['channels'],
      access: 'authenticated',
      request: { query: ChannelLinkPreviewQuery },
      responses: { 200: { description: 'The account the link is for', schema: ChannelLinkPreviewResponse } },
      errors: [404, 409],
      handler: async ({ auth, query }) => ({ body: envelope(await identities.preview(auth, query.token)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/channel-identities/link',
      operationId: 'linkChannelIdentity',
      summary: 'Link a channel account to you',
      description: channelDocs.linkChannelIdentity,
      tags: ['channels'],
      access: 'authenticated',
      request: { body: LinkChannelIdentityBody },
      responses: { 200: { description: 'The linked account', schema: ChannelIdentityResponse } },
      errors: [403, 404, 409],
      handler: async ({ auth, body }) => ({ body: envelope(await identities.link(auth, body.token)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/channel-identities/{id}',
      operationId: 'deleteMyChannelIdentity',
      summary: 'Unlink one of your channel accounts',
      tags: ['channels'],
      access: 'authenticated',
      request: { params: IdParams },
      responses: { 204: { description: 'Unlinked' } },
      errors: [403, 404],
      handler: async ({ auth, params }) => {
        await identities.remove(auth, params.id);
        return { status: 204 };
      },
    }),
  ];
}
