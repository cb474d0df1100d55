import { z } from 'zod';
import { PLATFORMS } from '../../shared/domain/alert.ts';
import { readRawBody } from '../middleware/raw-body.ts';
import { envelope, single } from '../schemas/common.ts';
import { WebhookAcceptedResponse, WebhookErrorResponse } from '../schemas/integration.schemas.ts';
import type { WebhookHealth } from '../services/webhook-health.ts';
import { receiveSignedWebhook, receiveWebhookWithApiKey, type WebhookIngestService } from '../services/webhook-ingest.service.ts';
import { defineRoute } from './route.ts';
import { webhookDocs } from '../docs/webhook.ts';

const platform = z.enum(PLATFORMS);
const webhookErrors = (codes: string) => ({ description: `Webhook error (${codes})`, schema: WebhookErrorResponse });
const invalidPayload = {
  description:
    'Webhook error (INVALID_PAYLOAD): the body is no payload (`details.field`), or none of its alerts can be ingested (`details.field` and `details.rejected: [{index, field, reason}]`)',
  schema: WebhookErrorResponse,
};
const queued = {
  description: 'Queued: every valid alert is held by Temporal; refused alerts of the payload, if any, are listed in `data.rejected`',
  schema: WebhookAcceptedResponse,
};

const endpointState = z.enum(['ok', 'degraded']);
const WebhookHealthResponse = z
  .object({
    status: z.enum(['healthy', 'degraded']),
    endpoints: z.record(z.enum(PLATFORMS), endpointState),
    temporal: z.enum(['ok', 'down']),
  })
  .meta({
    id: 'WebhookHealth',
    examples: [
      {
        status: 'degraded',
        endpoints: {
          infra_monitor: 'ok',
          apm: 'degraded',
          pager: 'ok',
          dashboards: 'ok',
          search_logs: 'ok',
          observability: 'ok',
          metrics_alerts: 'ok',
          generic_json: 'ok',
        },
        temporal: 'ok',
      },
    ],
  });

/** `GET /integrations/health`: the per-organization view of the webhook endpoints (the same service as the public one). */
export function integrationHealthRoutes(health: WebhookHealth) {
  return [
    defineRoute({
      method: 'get',
      path: '/integrations/health',
      operationId: 'integrationHealth',
      summary: "Health of the organization's webhook endpoints",
      description: webhookDocs.integrationHealth,
      tags: ['integrations'],
      access: 'integrations:read',
      responses: { 200: { description: 'Per-platform state of the organization', schema: single(WebhookHealthResponse) } },
      handler: async ({ auth }) => ({ body: envelope(await health.forOrganization(auth)) }),
    }),
  ];
}

export function webhookRoutes(ingest: WebhookIngestService, options: { maxBodyBytes: number; health: WebhookHealth }) {
  return [
    defineRoute({
      method: 'get',
      path: '/webhooks/health',
      operationId: 'webhookHealth',
      summary: 'Health of the webhook endpoints',
      description: webhookDocs.webhookHealth,
      tags: ['webhooks'],
      access: 'public',
      responses: { 200: { description: 'Per-platform state', schema: WebhookHealthResponse } },
      handler: async () => ({ body: await options.health.report() }),
    }),
    defineRoute({
      method: 'post',
      path: '/webhooks/{platform}/{integration_id}',
      operationId: 'ingestWebhook',
      summary: 'Ingest an alert from a monitoring platform',
      description: webhookDocs.ingestWebhook,
      tags: ['webhooks'],
      access: 'public',
      rateLimit: 'webhook',
      authenticatedBy: 'handler',
      request: { params: z.object({ platform, integration_id: z.string().max(100) }) },
      responses: {
        200: queued,
        400: invalidPayload,
        401: webhookErrors('WEBHOOK_VALIDATION_FAILED'),
        404: webhookErrors('INTEGRATION_NOT_FOUND'),
        409: webhookErrors('INTEGRATION_DISABLED'),
        413: webhookErrors('PAYLOAD_TOO_LARGE'),
      },
      errors: [429, 503],
      handler: async ({ params, rateLimit }, ctx) => ({
        body: await receiveSignedWebhook(
          ingest,
          {
            platform: params.platform,
            integrationId: params.integration_id,
            headers: ctx.headers,
            readBody: () => readRawBody(ctx, options.maxBodyBytes),
          },
          rateLimit,
        ),
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/webhooks/{platform}',
      operationId: 'ingestWebhookShortForm',
      summary: 'Ingest an alert with an API key',
      description: webhookDocs.ingestWebhookShortForm,
      tags: ['webhooks'],
      access: 'alerts:ingest',
      credential: 'api_key',
      rateLimit: 'webhook',
      request: { params: z.object({ platform }) },
      responses: {
        200: queued,
        400: invalidPayload,
        404: webhookErrors('INTEGRATION_NOT_FOUND'),
        413: webhookErrors('PAYLOAD_TOO_LARGE'),
      },
      errors: [503],
      handler: async ({ auth, params, rateLimit }, ctx) => ({
        body: await receiveWebhookWithApiKey(
          ingest,
          {
            organizationId: auth.organizationId,
            platform: params.platform,
            headers: ctx.headers,
            readBody: () => readRawBody(ctx, options.maxBodyBytes),
          },
          rateLimit,
        ),
      }),
    }),
  ];
}
