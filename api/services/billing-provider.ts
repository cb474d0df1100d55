import Stripe from 'stripe';
import type { ProviderEvent, PaidPlan } from '../../shared/domain/billing.ts';

/** The payment provider as billing uses it: checkout sessions out, verified events in. */
export interface BillingProvider {
  readonly name: 'stripe';
  /** Whether a price is configured for the plan (it cannot be sold otherwise). */
  sells(plan: PaidPlan): boolean;
  createCheckout(input: {
    organizationId: string;
    plan: PaidPlan;
    successUrl: string;
    cancelUrl: string;
    customerId: string | null;
    customerEmail: string | null;
  }): Promise<{ checkoutUrl: string; sessionId: string }>;
  /** The event the raw body carries when the signature header checks out; throws otherwise. Undefined without a webhook secret. */
  verifyEvent?: (rawBody: Buffer, signatureHeader: string) => ProviderEvent;
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret?: string;
  prices: Partial<Record<PaidPlan, string>>;
  /** `http://127.0.0.1:12111` for stripe-mock; absent: api.stripe.com. */
  apiBase?: string;
}

/** Stripe through its official client; the organization travels as `client_reference_id` and in metadata. */
export function createStripeProvider(settings: StripeSettings): BillingProvider {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? '443' : '80'),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  const { webhookSecret } = settings;
  return {
    name: 'stripe',
    sells: (plan) => Boolean(settings.prices[plan]),
    async createCheckout(input) {
      const metadata = { organization_id: input.organizationId, plan: input.plan };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: settings.prices[input.plan] as string, quantity: 1 }],
        client_reference_id: input.organizationId,
        metadata,
        // The subscription carries the organization too: its cancellation event names it.
        subscription_data: { metadata },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        ...(input.customerId ? { customer: input.customerId } : input.customerEmail ? { customer_email: input.customerEmail } : {}),
      });
      return { checkoutUrl: session.url ?? '', sessionId: session.id };
    },
    verifyEvent: webhookSecret
      ? (rawBody, signatureHeader) => stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret) as unknown as ProviderEvent
      : undefined,
  };
}
