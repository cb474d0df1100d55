import { readRawBody } from '../middleware/raw-body.ts';
import { envelope } from '../schemas/common.ts';
import { BillingResponse, BillingWebhookResponse, CheckoutBody, CheckoutResponse } from '../schemas/billing.schemas.ts';
import { WebhookErrorResponse } from '../schemas/integration.schemas.ts';
import type { BillingService } from '../services/billing.service.ts';
import { defineRoute } from './route.ts';
import { billingDocs } from '../docs/billing.ts';

/** The provider's events are small; anything larger is not one. */
const MAX_EVENT_BYTES = 512 * 1024;

export function billingRoutes(billing: BillingService) {
  return [
    defineRoute({
      method: 'get',
      path: '/billing',
      operationId: 'getBilling',
      summary: 'Current plan, limits and usage',
      description: billingDocs.getBilling,
      tags: ['billing'],
      access: 'billing:read',
      responses: { 200: { description: 'Plan and usage', schema: BillingResponse } },
      handler: async ({ auth }) => ({ body: envelope(await billing.overview(auth)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/billing/checkout',
      operationId: 'createBillingCheckout',
      summary: 'Start a plan upgrade checkout',
      description: billingDocs.createBillingCheckout,
      tags: ['billing'],
      access: 'billing:update',
      request: { body: CheckoutBody },
      responses: { 201: { description: 'The checkout session to send the payer to', schema: CheckoutResponse } },
      errors: [409],
      handler: async ({ auth, body }) => ({ status: 201, body: envelope(await billing.checkout(auth, body)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/billing/webhook',
      operationId: 'billingWebhook',
      summary: 'Stripe events (signed, no credential)',
      description: billingDocs.billingWebhook,
      tags: ['billing'],
      access: 'public',
      responses: {
        200: { description: 'Received', schema: BillingWebhookResponse },
        401: { description: 'Webhook error (WEBHOOK_VALIDATION_FAILED)', schema: WebhookErrorResponse },
        413: { description: 'Webhook error (PAYLOAD_TOO_LARGE)', schema: WebhookErrorResponse },
      },
      errors: [409],
      handler: async (_input, ctx) => ({
        body: await billing.handleEvent(await readRawBody(ctx, MAX_EVENT_BYTES), ctx.get('Stripe-Signature') || undefined),
      }),
    }),
  ];
}
