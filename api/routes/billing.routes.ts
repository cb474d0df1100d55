import { readRawBody } from '../middleware/raw-body.ts';
import { envelope } from '../schemas/common.ts';
import { BillingResponse, BillingWebhookResponse, CheckoutBody, CheckoutResponse } from '../schemas/billing.schemas.ts';
import { WebhookErrorResponse } from '../schemas/integration.schemas.ts';
import type { BillingService } from '../services/billing.service.ts';
import { defineRoute } from './route.ts';

/** The provider's events are small; anything larger is not one. */
const MAX_EVENT_BYTES = 512 * 1024;

export function billingRoutes(billing: BillingService) {
  return [
    defineRoute({
      method: 'get',
      path: '/billing',
      operationId: 'getBilling',
      summary: 'Current plan, limits and usage',
      description:
        "Limits are the rate limiter's own per-hour numbers for the plan (after any override the operator configured) and the plan's seat and integration quotas. " +
        'Plans cap seats and integrations only where billing is configured: without a payment provider `limits.members` and `limits.integrations` are null (no cap) ' +
        'unless the operator set caps of their own; the hourly rate limits apply either way. ' +
        'Usage covers the current calendar month (UTC): alerts accepted by the webhooks, authenticated API requests and search queries, counted from real traffic ' +
        '(each API process adds its counts every 250 ms); `members` and `integrations` are the current numbers. Every member but viewers (`billing:read`); checkout is for owners.',
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
      description:
        'Owner only (`billing:update`). Opens a Stripe Checkout session for a subscription to the plan (at the price the operator configured for that plan); the plan changes only when Stripe ' +
        'reports the completed checkout to `POST /billing/webhook`. 409 `BILLING_NOT_CONFIGURED` when the instance has no billing provider; 409 `CONFLICT` when already on the plan; ' +
        '422 when no price is configured for it.',
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
      description:
        "Verified with `Stripe-Signature` against the instance's Stripe webhook secret over the raw body; a bad or missing signature is 401 `WEBHOOK_VALIDATION_FAILED` (webhook error shape). " +
        "`checkout.session.completed` with `payment_status` `paid` or `no_payment_required`, or `checkout.session.async_payment_succeeded`, sets the plan named in the session's " +
        'metadata on the organization in `client_reference_id` (a checkout whose payment is still pending changes nothing). `customer.subscription.deleted` of the ' +
        "organization's current subscription, or `customer.subscription.updated` to `unpaid`, `incomplete_expired` or `canceled`, returns it to `free`; other updates record " +
        'the status, and the paid-for subscription back to `active` or `trialing` restores its plan. Each event id is applied once: a replay answers ' +
        "`duplicate: true`. The new plan's limits apply from the next request, in every API process. 409 `BILLING_NOT_CONFIGURED` without a webhook secret.",
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
