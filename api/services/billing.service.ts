import type { BillingStore } from '../../shared/db/access/billing.ts';
import {
  billingChangeOf,
  billingPeriod,
  USAGE_METRICS,
  type BillingChange,
  type BillingLimits,
  type PaidPlan,
} from '../../shared/domain/billing.ts';
import { DEFAULT_PLAN } from '../../shared/domain/plans.ts';
import { AppError, ConflictError, ValidationError, WebhookError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { BillingProvider } from './billing-provider.ts';

export type BillingService = ReturnType<typeof createBillingService>;

const notConfigured = () => new AppError('BILLING_NOT_CONFIGURED', 'Billing is not configured on this instance (no payment provider)');

/**
 * Plan, limits and usage of the caller's organization, checkout through the payment provider, and
 * the provider's signed events, which are the only way a plan changes. A plan change is picked up
 * by every API process's rate limiter before its next request: the `organizations` trigger NOTIFYs
 * the credential cache, and `onPlanChange` drops this process's entry at once.
 */
export function createBillingService(deps: {
  billing: () => BillingStore;
  /** Sends this process's pending usage counts, so the overview includes them. */
  flushUsage: () => Promise<void>;
  provider?: BillingProvider;
  limitsFor: (plan: string) => BillingLimits;
  publicUrl: string;
  onPlanChange: (organizationId: string) => void;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /** Applies one change inside the event's transaction; returns the organization whose plan changed, if any. */
  async function apply(store: BillingStore, change: BillingChange): Promise<string | null> {
    if (change.kind === 'subscribe') {
      if (!(await store.setPlan(change.organizationId, change.plan))) return null;
      await store.activateSubscription(change.organizationId, { customerId: change.customerId, subscriptionId: change.subscriptionId });
      return change.organizationId;
    }
    // Only the organization's current subscription ends its plan: an old one cancelled after an
    // upgrade to a new one changes nothing.
    const current = await store.findSubscription(change.organizationId, change.subscriptionId);
    const organizationId = current?.organization_id ?? change.organizationId;
    if (!organizationId || (current?.subscription_id && change.subscriptionId && current.subscription_id !== change.subscriptionId))
      return null;
    await store.setSubscriptionStatus(organizationId, change.status.slice(0, 32));
    // A status alone changes no plan, but the subscription that was paid for, in good standing
    // again, gets its plan back; a new one waits for its checkout's payment.
    const restorable = current?.subscription_id != null && current.subscription_id === change.subscriptionId;
    const plan = change.kind === 'cancel' ? DEFAULT_PLAN : restorable ? change.plan : undefined;
    if (!plan) return null;
    return (await store.setPlan(organizationId, plan, { onlyIfDifferent: true })) ? organizationId : null;
  }

  return {
    /** `GET /billing`: what the organization pays for, what that allows and what it used this month. */
    async overview(auth: AuthContext) {
      await deps.flushUsage();
      const period = billingPeriod(now());
      const row = await deps.billing().overview(auth.organizationId, period.start);
      const plan = row?.plan ?? DEFAULT_PLAN;
      const counted = Object.fromEntries(USAGE_METRICS.map((metric) => [metric, Number(row?.usage[metric] ?? 0)]));
      return {
        plan,
        status: row?.status ?? 'active',
        limits: deps.limitsFor(plan),
        usage: {
          period_start: period.start.toISOString(),
          period_end: period.end.toISOString(),
          ...counted,
          members: row?.members ?? 0,
          integrations: row?.integrations ?? 0,
        },
        provider: deps.provider?.name ?? null,
      };
    },

    /** `POST /billing/checkout`: a provider checkout session for a paid plan. */
    async checkout(auth: AuthContext, input: { plan: PaidPlan; success_url?: string; cancel_url?: string }) {
      const provider = deps.provider;
      if (!provider) throw notConfigured();
      if (!provider.sells(input.plan))
        throw new ValidationError([{ path: 'body.plan', message: `No price is configured for the ${input.plan} plan` }]);
      const row = await deps.billing().checkoutContext(auth.organizationId, auth.userId);
      if (row?.plan === input.plan) throw new ConflictError(`The organization is already on the ${input.plan} plan`);
      const session = await provider.createCheckout({
        organizationId: auth.organizationId,
        plan: input.plan,
        successUrl: input.success_url ?? `${deps.publicUrl}/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: input.cancel_url ?? `${deps.publicUrl}/billing?checkout=cancelled`,
        customerId: row?.customer_id ?? null,
        customerEmail: row?.email ?? null,
      });
      return { checkout_url: session.checkoutUrl, session_id: session.sessionId };
    },

    /**
     * `POST /billing/webhook`: a provider event, verified against the raw body. Each event id is
     * applied once (a replay answers `duplicate: true` and changes nothing).
     */
    async handleEvent(rawBody: Buffer, signatureHeader: string | undefined) {
      const verify = deps.provider?.verifyEvent;
      if (!verify) throw notConfigured();
      let event;
      try {
        event = verify(rawBody, signatureHeader ?? '');
      } catch {
        throw new WebhookError('WEBHOOK_VALIDATION_FAILED', 'Stripe signature validation failed', {
          received_signature: (signatureHeader ?? '').slice(0, 300),
        });
      }
      const change = billingChangeOf(event);
      const outcome = await deps.billing().transaction(async (store) => {
        const recorded = await store.recordEvent({
          id: event.id.slice(0, 255),
          type: event.type.slice(0, 100),
          organizationId: change?.organizationId ?? null,
        });
        if (!recorded) return { duplicate: true, planChangedFor: null };
        return { duplicate: false, planChangedFor: change ? await apply(store, change) : null };
      });
      if (outcome.planChangedFor) deps.onPlanChange(outcome.planChangedFor);
      return { received: true, duplicate: outcome.duplicate, applied: outcome.duplicate ? null : (change?.kind ?? null) };
    },
  };
}
