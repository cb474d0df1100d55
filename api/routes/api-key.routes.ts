import { ApiKeyListResponse, ApiKeyResponse, CreateApiKeyBody } from '../schemas/api-key.schemas.ts';
import { envelope, IdParams, pageEnvelope, PaginationQuery } from '../schemas/common.ts';
import type { ApiKeyService } from '../services/api-key.service.ts';
import { defineRoute } from './route.ts';

export function apiKeyRoutes(apiKeys: ApiKeyService) {
  return [
    defineRoute({
      method: 'post',
      path: '/api-keys',
      operationId: 'createApiKey',
      summary: 'Create an API key',
      description:
        'The `api_key` value is returned only in this response; only its hash is stored. Unknown permission strings are 422; ' +
        'a permission the caller lacks is 403 INSUFFICIENT_PERMISSIONS. A key can create keys when it holds `api_keys:create`, ' +
        "never beyond its own permissions. At use, a key acts with the permissions both it and its creator's current role hold.",
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
      description: 'Never returns a key or its hash; `prefix` identifies a key. Revoked keys are not listed. Newest first.',
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
      description:
        'Takes effect on the very next request made with the key. Answers 204 with no body; an unknown or already revoked key is 404.',
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
