import type { EntityManager } from '@mikro-orm/postgresql';
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

// The whole of GET /billing in one round trip: plan, subscription, seats, integrations and the period's counters.
const OVERVIEW_SQL = `select o.plan, s.status,
  (select count(*) from users u where u.organization_id = o.id)::int as members,
  (select count(*) from integrations i where i.organization_id = o.id)::int as integrations,
  coalesce((select json_object_agg(c.metric, c.count) from usage_counters c where c.organization_id = o.id and c.period_start = ?::date), '{}'::json) as usage
  from organizations o left join billing_subscriptions s on s.organization_id = o.id where o.id = ?`;

/**
 * Plan, limits and usage of the caller's organization, checkout through the payment provider, and
 * the provider's signed events, which are the only way a plan changes. A plan change is picked up
 * by every API process's rate limiter before its next request: the `organizations` trigger NOTIFYs
 * the credential cache, and `onPlanChange` drops this process's entry at once.
 */
export function createBillingService(deps: {
  em: () => EntityManager;
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
  async function apply(em: EntityManager, change: BillingChange): Promise<string | null> {
    if (change.kind === 'subscribe') {
      const updated = await em.execute<Array<{ id: string }>>(
        'update organizations set plan = ?, updated_at = now() where id = ? returning id',
        [change.plan, change.organizationId],
      );
      if (updated.length === 0) return null;
      await em.execute(
        `insert into billing_subscriptions (organization_id, status, customer_id, subscription_id, updated_at) values (?, 'active', ?, ?, now())
         on conflict (organization_id) do update set status = 'active', customer_id = coalesce(excluded.customer_id, billing_subscriptions.customer_id),
           subscription_id = excluded.subscription_id, updated_at = now()`,
        [change.organizationId, change.customerId, change.subscriptionId],
      );
      return change.organizationId;
    }
    // Only the organization's current subscription ends its plan: an old one cancelled after an
    // upgrade to a new one changes nothing.
    const [current] = await em.execute<Array<{ organization_id: string; subscription_id: string | null }>>(
      'select organization_id, subscription_id from billing_subscriptions where organization_id = ? or subscription_id = ? limit 1',
      [change.organizationId, change.subscriptionId],
    );
    const organizationId = current?.organization_id ?? change.organizationId;
    if (!organizationId || (current?.subscription_id && change.subscriptionId && current.subscription_id !== change.subscriptionId))
      return null;
    await em.execute('update billing_subscriptions set status = ?, updated_at = now() where organization_id = ?', [
      change.status.slice(0, 32),
      organizationId,
    ]);
    // A status alone changes no plan, but the subscription that was paid for, in good standing
    // again, gets its plan back; a new one waits for its checkout's payment.
    const restorable = current?.subscription_id != null && current.subscription_id === change.subscriptionId;
    const plan = change.kind === 'cancel' ? DEFAULT_PLAN : restorable ? change.plan : undefined;
    if (!plan) return null;
    const updated = await em.execute<Array<{ id: string }>>(
      'update organizations set plan = ?, updated_at = now() where id = ? and plan <> ? returning id',
      [plan, organizationId, plan],
    );
    return updated.length > 0 ? organizationId : null;
  }

  return {
    /** `GET /billing`: what the organization pays for, what that allows and what it used this month. */
    async overview(auth: AuthContext) {
      await deps.flushUsage();
      const period = billingPeriod(now());
      const [row] = await deps
        .em()
        .execute<
          Array<{ plan: string; status: string | null; members: number; integrations: number; usage: Record<string, number | string> }>
        >(OVERVIEW_SQL, [period.start.toISOString().slice(0, 10), auth.organizationId]);
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
      const [row] = await deps.em().execute<Array<{ plan: string; customer_id: string | null; email: string | null }>>(
        `select o.plan, s.customer_id, (select email from users where id = ? and organization_id = o.id) as email
         from organizations o left join billing_subscriptions s on s.organization_id = o.id where o.id = ?`,
        [auth.userId, auth.organizationId],
      );
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
      const outcome = await deps.em().transactional(async (em) => {
        const recorded = await em.execute<unknown[]>(
          'insert into billing_events (id, type, organization_id) values (?, ?, ?) on conflict (id) do nothing returning id',
          [event.id.slice(0, 255), event.type.slice(0, 100), change?.organizationId ?? null],
        );
        if (recorded.length === 0) return { duplicate: true, planChangedFor: null };
        return { duplicate: false, planChangedFor: change ? await apply(em, change) : null };
      });
      if (outcome.planChangedFor) deps.onPlanChange(outcome.planChangedFor);
      return { received: true, duplicate: outcome.duplicate, applied: outcome.duplicate ? null : (change?.kind ?? null) };
    },
  };
}
