// Kept free of Node built-ins and I/O: pure billing rules, unit-tested by tables.
import { DEFAULT_PLAN, isPlan, planLimits, type Plan, type RateLimitClass } from './plans.ts';

/** What the API counts per organization and billing period (api/services/usage-meter.ts). */
export const USAGE_METRICS = ['alerts_ingested', 'api_requests', 'search_queries'] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];

/**
 * Seats and integrations per plan, shown beside the hourly rate limits. The spec gives no numbers;
 * these follow the rate limits' ×5 / ×20 steps from a small team's needs.
 */
export const PLAN_QUOTAS: Readonly<Record<Plan, Readonly<{ members: number; integrations: number }>>> = Object.freeze({
  free: Object.freeze({ members: 5, integrations: 3 }),
  team: Object.freeze({ members: 25, integrations: 15 }),
  enterprise: Object.freeze({ members: 500, integrations: 300 }),
});

export type QuotaResource = keyof (typeof PLAN_QUOTAS)[Plan];
/** A resource's cap; `null`: no cap. */
export type PlanQuotas = Readonly<Record<QuotaResource, number | null>>;

/**
 * The organization's seat and integration quotas. Plans cap them only where billing is configured
 * (there is then a way to lift the cap); without a billing provider there is none, unless the operator
 * sets one. `overrides` (configuration) replace a quota for every plan, as for rate limits.
 */
export function planQuotas(
  plan: string | null | undefined,
  overrides: Partial<Record<QuotaResource, number | undefined>> = {},
  options: { billingConfigured: boolean } = { billingConfigured: true },
): PlanQuotas {
  const base = options.billingConfigured ? PLAN_QUOTAS[isPlan(plan) ? plan : DEFAULT_PLAN] : { members: null, integrations: null };
  return { members: overrides.members ?? base.members, integrations: overrides.integrations ?? base.integrations };
}

/**
 * Whether one more `resource` fits: `used` is counted with the organization row locked. A plan
 * downgrade can leave `used` above the quota: nothing is removed, but nothing more is added.
 */
export function quotaAllowsOneMore(quotas: PlanQuotas, resource: QuotaResource, used: number): boolean {
  const quota = quotas[resource];
  return quota === null || used < quota;
}

/** The plans sold through checkout (the default plan is what a cancelled subscription falls back to). */
export const PAID_PLANS = ['team', 'enterprise'] as const satisfies readonly Plan[];
export type PaidPlan = (typeof PAID_PLANS)[number];

export interface BillingLimits {
  interactive_per_hour: number;
  api_key_per_hour: number;
  webhook_per_hour: number;
  search_per_hour: number;
  /** `null`: no cap (no billing provider, and none set by the operator). */
  members: number | null;
  integrations: number | null;
}

/** The limits `GET /billing` shows: the rate limiter's own numbers (same overrides) and the plan's quotas. */
export function billingLimits(
  plan: string,
  overrides: Partial<Record<RateLimitClass, number>> = {},
  quotaOverrides: Partial<Record<QuotaResource, number | undefined>> = {},
  options: { billingConfigured: boolean } = { billingConfigured: true },
): BillingLimits {
  const perHour = planLimits(plan, overrides);
  const quotas = planQuotas(plan, quotaOverrides, options);
  return {
    interactive_per_hour: perHour.interactive,
    api_key_per_hour: perHour.api_key,
    webhook_per_hour: perHour.webhook,
    search_per_hour: perHour.search,
    members: quotas.members,
    integrations: quotas.integrations,
  };
}

/** Usage is counted per calendar month, UTC: the period holding `now`, as [start, end). */
export function billingPeriod(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/** The subset of a Stripe event billing reads (the payload is otherwise untrusted JSON). */
export interface ProviderEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> };
}

/**
 * What a provider event asks for; `null`: nothing to do (an event type billing ignores, or one naming
 * nothing usable). `cancel` returns the organization to the default plan, recording `status`;
 * `status` records the subscription's status and, with `plan`, restores that plan (a subscription
 * back in good standing after a downgrade).
 */
export type BillingChange =
  | { kind: 'subscribe'; organizationId: string; plan: PaidPlan; customerId: string | null; subscriptionId: string | null }
  | { kind: 'cancel'; organizationId: string | null; subscriptionId: string | null; customerId: string | null; status: string }
  | { kind: 'status'; organizationId: string | null; subscriptionId: string | null; status: string; plan?: PaidPlan };

/** Checkout payment states that mean the money is in (or none was due); `unpaid` waits for `async_payment_succeeded`. */
const PAID_CHECKOUT = new Set(['paid', 'no_payment_required']);
/** Subscription states that end the paid plan: Stripe gave up collecting, the first payment expired, or it was cancelled. */
const ENDED_SUBSCRIPTION = new Set(['unpaid', 'incomplete_expired', 'canceled']);
/** Subscription states in good standing: a plan taken back earlier is restored. */
const GOOD_SUBSCRIPTION = new Set(['active', 'trialing']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);
/** A Stripe reference is an id or, when expanded, an object carrying one. */
const reference = (value: unknown) => text(value) ?? (value && typeof value === 'object' ? text((value as { id?: unknown }).id) : null);
const metadataOf = (object: Record<string, unknown>) =>
  object.metadata && typeof object.metadata === 'object' ? (object.metadata as Record<string, unknown>) : {};
const organizationOf = (...candidates: unknown[]) =>
  candidates.map(text).find((value): value is string => value !== null && UUID.test(value)) ?? null;
const paidPlanOf = (value: unknown): PaidPlan | null => ((PAID_PLANS as readonly unknown[]).includes(value) ? (value as PaidPlan) : null);

/**
 * Reads a (signature-verified) provider event: a checkout whose payment is in (`completed` with
 * `payment_status` `paid` or `no_payment_required`, or `async_payment_succeeded`) subscribes the
 * organization named by `client_reference_id` (or `metadata.organization_id`) to `metadata.plan`;
 * a deleted subscription, or one updated to `unpaid`, `incomplete_expired` or `canceled`, cancels
 * (back to the default plan); other subscription updates record the status.
 */
export function billingChangeOf(event: ProviderEvent): BillingChange | null {
  const object = event.data.object;
  const metadata = metadataOf(object);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const organizationId = organizationOf(object.client_reference_id, metadata.organization_id);
      const plan = paidPlanOf(metadata.plan);
      if (!organizationId || !plan || !PAID_CHECKOUT.has(text(object.payment_status) ?? '')) return null;
      return {
        kind: 'subscribe',
        organizationId,
        plan,
        customerId: reference(object.customer),
        subscriptionId: reference(object.subscription),
      };
    }
    case 'customer.subscription.deleted':
      return {
        kind: 'cancel',
        organizationId: organizationOf(metadata.organization_id),
        subscriptionId: text(object.id),
        customerId: reference(object.customer),
        status: 'canceled',
      };
    case 'customer.subscription.updated': {
      const status = text(object.status);
      if (!status) return null;
      const organizationId = organizationOf(metadata.organization_id);
      const subscriptionId = text(object.id);
      if (ENDED_SUBSCRIPTION.has(status))
        return { kind: 'cancel', organizationId, subscriptionId, customerId: reference(object.customer), status };
      const plan = GOOD_SUBSCRIPTION.has(status) ? paidPlanOf(metadata.plan) : null;
      return { kind: 'status', organizationId, subscriptionId, status, ...(plan ? { plan } : {}) };
    }
    default:
      return null;
  }
}
