import { ApiKeyListResponse, ApiKeyResponse, CreateApiKeyBody } from '../schemas/api-key.schemas.ts';
import { envelope, IdParams, pageEnvelope, PaginationQuery } from '../schemas/common.ts';
import type { ApiKeyService } from '../services/api-key.service.ts';
import { defineRoute } from './route.ts';
import { apiKeyDocs } from '../docs/api-key.ts';

export function apiKeyRoutes(apiKeys: ApiKeyService) {
  return [
    defineRoute({
      method: 'post',
      path: '/api-keys',
      operationId: 'createApiKey',
      summary: 'Create an API key',
      description: apiKeyDocs.createApiKey,
      tags: ['api-keys'],
      access: 'api_keys:create',
      request: { body: CreateApiKeyBody },
      responses: { 201: { description: 'Created', schema: ApiKeyResponse } },
      handler: async ({ auth, body }) => ({ status: 201, body: envelope(await apiKeys.create(auth, body)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/api-keys',
      operationId: 'listApiKeys',
      summary: "List the organization's active API keys",
      description: apiKeyDocs.listApiKeys,
      tags: ['api-keys'],
      access: 'api_keys:read',
      request: { query: PaginationQuery },
      responses: { 200: { description: 'Keys', schema: ApiKeyListResponse } },
      handler: async ({ auth, query }) => ({ body: pageEnvelope(await apiKeys.list(auth, query), query) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/api-keys/{id}',
      operationId: 'revokeApiKey',
      summary: 'Revoke an API key',
      description: apiKeyDocs.revokeApiKey,
      tags: ['api-keys'],
      access: 'api_keys:delete',
      request: { params: IdParams },
      responses: { 204: { description: 'Revoked' } },
      errors: [404],
      handler: async ({ auth, params }) => {
        await apiKeys.revoke(auth, params.id);
        return { status: 204 };
      },
    }),
  ];
}
