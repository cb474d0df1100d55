import { z } from 'zod';
import { PAID_PLANS } from '../../shared/domain/billing.ts';
import { PLANS } from '../../shared/domain/plans.ts';
import { ErrorResponse, single, timestamp } from './common.ts';

const httpUrl = z.url({ protocol: /^https?$/ }).max(2000);

export const CheckoutBody = z
  .object({
    plan: z.enum(PAID_PLANS),
    success_url: httpUrl
      .optional()
      .describe('Where the provider sends the payer after paying; default `<this instance>/billing?checkout=success`'),
    cancel_url: httpUrl
      .optional()
      .describe('Where the provider sends the payer on cancel; default `<this instance>/billing?checkout=cancelled`'),
  })
  .strict()
  .meta({ examples: [{ plan: 'team', success_url: 'https://tocsin.example.com/billing/done' }] });

const BillingSchema = z
  .object({
    plan: z.enum(PLANS),
    status: z.string().describe("`active` on the free plan; else the subscription's provider status (`active`, `past_due`, `canceled`...)"),
    limits: z.object({
      interactive_per_hour: z.number().int(),
      api_key_per_hour: z.number().int(),
      webhook_per_hour: z.number().int(),
      search_per_hour: z.number().int(),
      members: z
        .number()
        .int()
        .nullable()
        .describe('Members the organization may have; null: no cap (no billing provider on this instance, and no cap set by the operator)'),
      integrations: z
        .number()
        .int()
        .nullable()
        .describe('Integrations the organization may have; null: no cap (no billing provider, and no cap set by the operator)'),
    }),
    usage: z.object({
      period_start: timestamp(),
      period_end: timestamp(),
      alerts_ingested: z.number().int(),
      api_requests: z.number().int(),
      search_queries: z.number().int(),
      members: z.number().int(),
      integrations: z.number().int(),
    }),
    provider: z.enum(['stripe']).nullable().describe('The payment provider; null when billing is not configured'),
  })
  .meta({
    id: 'Billing',
    examples: [
      {
        plan: 'free',
        status: 'active',
        limits: {
          interactive_per_hour: 1000,
          api_key_per_hour: 5000,
          webhook_per_hour: 10000,
          search_per_hour: 500,
          members: 5,
          integrations: 3,
        },
        usage: {
          period_start: '2026-11-01T00:00:00.000Z',
          period_end: '2026-12-01T00:00:00.000Z',
          alerts_ingested: 412,
          api_requests: 9120,
          search_queries: 37,
          members: 4,
          integrations: 2,
        },
        provider: 'stripe',
      },
    ],
  });

export const BillingResponse = single(BillingSchema);

export const CheckoutResponse = single(
  z.object({ checkout_url: z.url(), session_id: z.string() }).meta({
    id: 'BillingCheckout',
    examples: [{ checkout_url: 'https://checkout.stripe.com/c/pay/cs_test_a1b2c3', session_id: 'cs_test_a1b2c3' }],
  }),
);

export const BillingWebhookResponse = z
  .object({
    received: z.literal(true),
    duplicate: z.boolean().describe('The event id was applied before; nothing changed'),
    applied: z.enum(['subscribe', 'cancel', 'status']).nullable().describe('What the event did; null for event types billing ignores'),
  })
  .meta({ id: 'BillingWebhookAck', examples: [{ received: true, duplicate: false, applied: 'subscribe' }] });

/** 402 PLAN_LIMIT_REACHED: which quota, its number and the plan that sets it. */
export const PlanLimitErrorResponse = ErrorResponse.extend({
  resource: z.enum(['members', 'integrations']),
  limit: z.number().int(),
  plan: z.string(),
}).meta({
  id: 'PlanLimitError',
  example: {
    detail: 'The free plan allows 3 integrations; upgrade the plan (POST /billing/checkout) or remove some first',
    status_code: 402,
    code: 'PLAN_LIMIT_REACHED',
    request_id: '6f1c2b3a-0d4e-4f5a-8b9c-1d2e3f4a5b6c',
    resource: 'integrations',
    limit: 3,
    plan: 'free',
  },
});
