import { PlanLimitErrorResponse } from '../schemas/billing.schemas.ts';
import { envelope, IdParams, pageEnvelope } from '../schemas/common.ts';
import {
  CreateIntegrationBody,
  IntegrationListQuery,
  IntegrationListResponse,
  IntegrationResponse,
  IntegrationWithSecretResponse,
  PlatformSetupResponse,
  TestIntegrationMappingBody,
  TestMappingBody,
  TestMappingResponse,
  UpdateIntegrationBody,
} from '../schemas/integration.schemas.ts';
import { PLATFORMS } from '../../shared/domain/alert.ts';
import type { IntegrationService } from '../services/integration.service.ts';
import { defineRoute } from './route.ts';
import { integrationDocs } from '../docs/integration.ts';

// The spec names four platform sub-routes; every platform has one, so none answers 422 as an
// invalid `{id}`. Declared before `/integrations/{id}`.
const SETUP_PLATFORMS = PLATFORMS;

export function integrationRoutes(integrations: IntegrationService) {
  return [
    defineRoute({
      method: 'get',
      path: '/integrations',
      operationId: 'listIntegrations',
      summary: 'List integrations',
      tags: ['integrations'],
      access: 'integrations:read',
      request: { query: IntegrationListQuery },
      responses: { 200: { description: 'A page of integrations', schema: IntegrationListResponse } },
      handler: async ({ auth, query }) => ({ body: pageEnvelope(await integrations.list(auth, query), query) }),
    }),
    defineRoute({
      method: 'post',
      path: '/integrations',
      operationId: 'createIntegration',
      summary: 'Add an integration',
      description: integrationDocs.createIntegration,
      tags: ['integrations'],
      access: 'integrations:create',
      request: { body: CreateIntegrationBody },
      responses: {
        201: { description: 'Created', schema: IntegrationWithSecretResponse },
        402: { description: "The plan's integration quota is reached (PLAN_LIMIT_REACHED)", schema: PlanLimitErrorResponse },
      },
      handler: async ({ auth, body }) => ({ status: 201, body: envelope(await integrations.create(auth, body)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/integrations/test-mapping',
      operationId: 'testMapping',
      summary: 'Try a generic_json mapping template on a sample body',
      description: integrationDocs.testMapping,
      tags: ['integrations'],
      access: 'integrations:create',
      request: { body: TestMappingBody },
      responses: { 200: { description: 'What the template makes of the sample', schema: TestMappingResponse } },
      handler: async ({ body }) => ({ body: { data: await integrations.testMapping(body.template, body.sample) } }),
    }),
    defineRoute({
      method: 'post',
      path: '/integrations/{id}/test-mapping',
      operationId: 'testIntegrationMapping',
      summary: "Try a generic_json integration's mapping template on a sample body",
      description: integrationDocs.testIntegrationMapping,
      tags: ['integrations'],
      access: 'integrations:update',
      request: { params: IdParams, body: TestIntegrationMappingBody },
      responses: { 200: { description: 'What the template makes of the sample', schema: TestMappingResponse } },
      errors: [404],
      handler: async ({ auth, params, body }) => ({ body: { data: await integrations.testIntegrationMapping(auth, params.id, body) } }),
    }),
    ...SETUP_PLATFORMS.map((platform) =>
      defineRoute({
        method: 'get',
        path: `/integrations/${platform}`,
        operationId: `integrationSetup_${platform}`,
        summary: `Setup of the ${platform} platform: webhook URL, signature header, example payload`,
        tags: ['integrations'],
        access: 'integrations:read',
        responses: { 200: { description: 'Setup', schema: PlatformSetupResponse } },
        handler: async ({ auth }) => ({ body: envelope(await integrations.platformSetup(auth, platform)) }),
      }),
    ),
    defineRoute({
      method: 'get',
      path: '/integrations/{id}',
      operationId: 'getIntegration',
      summary: 'Read an integration',
      tags: ['integrations'],
      access: 'integrations:read',
      request: { params: IdParams },
      responses: { 200: { description: 'The integration', schema: IntegrationResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await integrations.get(auth, params.id)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/integrations/{id}',
      operationId: 'updateIntegration',
      summary: 'Update an integration',
      description: integrationDocs.updateIntegration,
      tags: ['integrations'],
      access: 'integrations:update',
      request: { params: IdParams, body: UpdateIntegrationBody },
      responses: { 200: { description: 'The integration', schema: IntegrationResponse } },
      errors: [404],
      handler: async ({ auth, params, body }) => ({ body: envelope(await integrations.update(auth, params.id, body)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/integrations/{id}',
      operationId: 'deleteIntegration',
      summary: 'Remove an integration',
      tags: ['integrations'],
      access: 'integrations:delete',
      request: { params: IdParams },
      responses: { 204: { description: 'Removed' } },
      errors: [404],
      handler: async ({ auth, params }) => {
        await integrations.remove(auth, params.id);
        return { status: 204 };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/integrations/{id}/rotate-secret',
      operationId: 'rotateIntegrationSecret',
      summary: 'Replace the webhook secret',
      description: integrationDocs.rotateIntegrationSecret,
      tags: ['integrations'],
      access: 'integrations:update',
      request: { params: IdParams },
      responses: { 200: { description: 'The integration with its new secret', schema: IntegrationWithSecretResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await integrations.rotateSecret(auth, params.id)) }),
    }),
  ];
}
