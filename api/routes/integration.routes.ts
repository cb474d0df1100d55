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
      description:
        'The response carries `webhook_secret` (the given `secret` or a generated one) once; it is stored encrypted and never shown again. ' +
        'A `pager` integration also answers, once, its `routing_key` for the PagerDuty Events API v2 (`POST /v2/enqueue`), derived from the secret. ' +
        "The plan caps the organization's integrations (`GET /billing`: `limits.integrations`): one more is 402 `PLAN_LIMIT_REACHED` and nothing is created; concurrent creates are counted one after the other.",
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
      description:
        'Evaluates `template` (JSONata) on `sample` under the same limits as webhooks (time and depth; a runaway template is stopped) and answers what a `generic_json` integration would make of it: ' +
        '`alerts` mapped, `rejected` objects (the field at fault), or `error` when the template does not compile (`stage: compile`, with `position`) or fails on the sample. Nothing is stored or queued.',
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
      description:
        "As `POST /integrations/test-mapping`, with the integration's stored template unless `template` is given. 422 when the integration is not `generic_json` or has no template and none is sent.",
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
      description:
        '`enabled` switches inbound webhooks; `outbound_paused` switches outbound deliveries, which pause by themselves after 10 failed deliveries in a row ' +
        '(status `error`) while inbound alerts keep being accepted. `{"outbound_paused": false}` resumes them. ' +
        'A `webhook_config.url` moved to another scheme, host or port must carry its `secret_headers` values again (422 otherwise). ' +
        'Sending `{{integration.secret}}` in `headers` to a new scheme, host or port (or adding it) takes `integrations:*` (403 otherwise).',
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
      description:
        'The new secret is shown once (with the new Events API v2 `routing_key` of a `pager` integration). The previous one (and its routing key) stays valid for 24 hours so senders can switch over.',
      tags: ['integrations'],
      access: 'integrations:update',
      request: { params: IdParams },
      responses: { 200: { description: 'The integration with its new secret', schema: IntegrationWithSecretResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await integrations.rotateSecret(auth, params.id)) }),
    }),
  ];
}
