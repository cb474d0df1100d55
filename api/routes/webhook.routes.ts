import { z } from 'zod';
import { PLATFORMS } from '../../shared/domain/alert.ts';
import { WebhookError } from '../../shared/errors.ts';
import { readRawBody } from '../middleware/raw-body.ts';
import { envelope, single } from '../schemas/common.ts';
import { WebhookAcceptedResponse, WebhookErrorResponse } from '../schemas/integration.schemas.ts';
import type { WebhookHealth } from '../services/webhook-health.ts';
import type { PreparedPayload, WebhookIngestService } from '../services/webhook-ingest.service.ts';
import { defineRoute } from './route.ts';

const platform = z.enum(PLATFORMS);
const webhookErrors = (codes: string) => ({ description: `Webhook error (${codes})`, schema: WebhookErrorResponse });

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
        "The body is the platform's native payload, authenticated by `X-<Platform>-Signature: sha256=<hex HMAC-SHA256 of the raw body>` (pager: `v1=`), or `Authorization: Bearer <integration secret>`. Answered `queued` once Temporal holds every alert of the payload. " +
        "The integration's hourly webhook quota counts alerts, not requests: an authentic payload of N alerts consumes N units once parsed. When fewer than N remain, the whole payload is refused with 429 `RATE_LIMITED` (nothing ingested, no partial ingest; `detail` gives the payload's alert count and what remains; `X-RateLimit-Remaining` and `Retry-After` say when to retry) and counts as one unit; an authentic payload that cannot be ingested (disabled integration, invalid, over the per-payload cap) also counts one unit. Failed authentications (bad signature, unknown integration) count against the client IP only (429 past `RATE_LIMIT_WEBHOOK_AUTH_FAILURES_PER_HOUR`). " +
        'Retries of one delivery (the same raw body, and the same optional `Idempotency-Key` header) within `WEBHOOK_DEDUP_WINDOW_SECONDS` (600 s) count once; the same body sent again after the window counts again. ' +
        'A payload carries at most `WEBHOOK_MAX_ALERTS_PER_PAYLOAD` (1000) alerts; more is 413 `PAYLOAD_TOO_LARGE`, naming the cap.',
      tags: ['webhooks'],
      access: 'public',
      rateLimit: 'webhook',
      authenticatedBy: 'handler',
      request: { params: z.object({ platform, integration_id: z.string().max(100) }) },
      responses: {
        200: { description: 'Queued', schema: WebhookAcceptedResponse },
        400: webhookErrors('INVALID_PAYLOAD'),
        401: webhookErrors('WEBHOOK_VALIDATION_FAILED'),
        404: webhookErrors('INTEGRATION_NOT_FOUND'),
        409: webhookErrors('INTEGRATION_DISABLED'),
        413: webhookErrors('PAYLOAD_TOO_LARGE'),
      },
      errors: [429, 503],
      handler: async ({ params, rateLimit }, ctx) => {
        // Only a sender holding the secret counts against the integration; anyone else (bad or no
        // signature, unknown integration, unreadable body) counts against their own IP, so junk
        // cannot use up, and so silence, someone else's integration.
        const { request, integration } = await readRawBody(ctx, options.maxBodyBytes)
          .then(async (rawBody) => {
            const request = { platform: params.platform, integrationId: params.integration_id, rawBody, headers: ctx.headers };
            return { request, integration: await ingest.verifySender(request) };
          })
          .catch(async (error: unknown) => {
            if (error instanceof WebhookError) await rateLimit({ kind: 'failed_webhook_authentication' });
            throw error;
          });
        const subject = (alerts: number) => ({ kind: 'integration' as const, integrationId: integration.id, alerts });
        let prepared: PreparedPayload;
        try {
          prepared = ingest.prepareVerified(integration, request);
        } catch (error) {
          // Authentic but unusable (disabled, unparsable, over the per-payload cap): one unit.
          await rateLimit(subject(1));
          throw error;
        }
        // The quota counts alerts: the whole payload or nothing, before anything is signalled.
        await rateLimit(subject(prepared.alerts.length));
        return { body: await ingest.enqueue(prepared) };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/webhooks/{platform}',
      operationId: 'ingestWebhookShortForm',
      summary: 'Ingest an alert with an API key',
      description:
        "Authenticated with `X-API-Key` holding `alerts:ingest` (an API key only, as for a sender: a user's token is 401 INVALID_API_KEY); routed to the organization's oldest enabled integration of the platform. " +
        "The organization's hourly webhook quota for the platform counts alerts, as on the signed route: a payload of N alerts consumes N units, and one that does not fit in what remains is refused whole with 429 `RATE_LIMITED`.",
      tags: ['webhooks'],
      access: 'alerts:ingest',
      credential: 'api_key',
      rateLimit: 'webhook',
      request: { params: z.object({ platform }) },
      responses: {
        200: { description: 'Queued', schema: WebhookAcceptedResponse },
        400: webhookErrors('INVALID_PAYLOAD'),
        404: webhookErrors('INTEGRATION_NOT_FOUND'),
        413: webhookErrors('PAYLOAD_TOO_LARGE'),
      },
      errors: [503],
      handler: async ({ params, rateLimit }, ctx) => {
        // The caller's organization is the tenancy filter's: prepareWithApiKey finds its integration.
        const prepared = await ingest.prepareWithApiKey({
          platform: params.platform,
          rawBody: await readRawBody(ctx, options.maxBodyBytes),
          headers: ctx.headers,
        });
        await rateLimit({ kind: 'alerts', alerts: prepared.alerts.length });
        return { body: await ingest.enqueue(prepared) };
      },
    }),
  ];
}
