import { z } from 'zod';
import { PLATFORMS } from '../../shared/domain/alert.ts';
import { readRawBody } from '../middleware/raw-body.ts';
import { envelope, single } from '../schemas/common.ts';
import { WebhookAcceptedResponse, WebhookErrorResponse } from '../schemas/integration.schemas.ts';
import type { WebhookHealth } from '../services/webhook-health.ts';
import { receiveSignedWebhook, receiveWebhookWithApiKey, type WebhookIngestService } from '../services/webhook-ingest.service.ts';
import { defineRoute } from './route.ts';

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
      description:
        "The caller's organization only (`integrations:read`): a platform is `degraded` while one of the organization's enabled integrations of it is failing " +
        '(status `error`, or its last 3 outbound deliveries failed), and every platform while Temporal or the integrations cannot be read. Same shape as `GET /webhooks/health`; not cached.',
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
      description:
        "No credential, and built from this instance's own signals only, never from any organization's integrations or deliveries: every platform is `ok` while Temporal and the database answer " +
        '(an alert can then be queued), and `degraded` otherwise (`temporal: "down"` when Temporal does not answer; webhooks then answer 503). ' +
        "An organization's own view (its failing integrations per platform) is `GET /integrations/health`. Answers within about 1.5 s whatever a dependency does; always 200, the state is in the body. " +
        'One report answers every caller for up to 2 s (concurrent requests share the one being made), so a change shows within about 2 s.',
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
      description:
        "The body is the platform's native payload, authenticated by `X-<Platform>-Signature: sha256=<hex HMAC-SHA256 of the raw body>` (pager: `v1=`), or `Authorization: Bearer <integration secret>`. Answered `queued` once Temporal holds every valid alert of the payload. " +
        'Each alert of a multi-alert payload (Alertmanager-style `alerts`, pager `messages`) is judged alone: one lacking a title or a severity, or not an object, is refused and the others are queued; the 200 answer lists the refused ones in `data.rejected` (`[{index, field, reason}]`, index in the payload; empty when all were queued). When no alert of the payload can be ingested the answer is 400 `INVALID_PAYLOAD`, with `details.field` (the first field at fault) and `details.rejected` (every alert and why); a body that is no payload at all (not JSON, not an object, no `alerts` array) is 400 naming the field. ' +
        "The integration's hourly webhook quota counts alerts, not requests: an authentic payload of N valid alerts consumes N units once parsed (refused alerts cost nothing). When fewer than N remain, the whole payload is refused with 429 `RATE_LIMITED` (nothing ingested, no partial ingest; `detail` gives the payload's alert count and what remains; `X-RateLimit-Remaining` and `Retry-After` say when to retry) and counts as one unit; an authentic payload that cannot be ingested (disabled integration, no valid alert, over the per-payload cap) also counts one unit. Failed authentications (bad signature, unknown integration) count against the client IP only (429 past the instance's hourly limit, 100 by default). " +
        'Retries of one delivery (the same raw body, and the same optional `Idempotency-Key` header) within the deduplication window (600 s by default) count once; the same body sent again after the window counts again. ' +
        'A payload carries at most the per-payload cap of alerts (1000 by default); more is 413 `PAYLOAD_TOO_LARGE`, naming the cap. ' +
        "An alert joins the open incident of its dedup key: the platform id that spans the incident (metrics: `fingerprint`); for `infra_monitor`, whose `id` is new for every event, `alert_cycle_key` when sent, else the monitor (`alert_id`/`monitor_id`, else the title without its `[Triggered]`/`[Recovered]` tag) and its scope (`scopes`, else `host`), so a recovery with a new `id` resolves its trigger's incident.",
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
      description:
        "Authenticated with `X-API-Key` holding `alerts:ingest` (an API key only, as for a sender: a user's token is 401 INVALID_API_KEY); routed to the organization's oldest enabled integration of the platform. " +
        "The organization's hourly webhook quota for the platform counts alerts, as on the signed route: a payload of N valid alerts consumes N units, and one that does not fit in what remains is refused whole with 429 `RATE_LIMITED`. " +
        'As on the signed route, each alert is judged alone: the valid ones are queued and the refused ones listed in `data.rejected`; 400 `INVALID_PAYLOAD` (with `details.rejected`) only when none is valid.',
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
      handler: async ({ params, rateLimit }, ctx) => ({
        body: await receiveWebhookWithApiKey(
          ingest,
          { platform: params.platform, headers: ctx.headers, readBody: () => readRawBody(ctx, options.maxBodyBytes) },
          rateLimit,
        ),
      }),
    }),
  ];
}
