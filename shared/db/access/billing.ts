import type { EntityManager } from '@mikro-orm/postgresql';

/** GET /billing's figures, read together. */
export interface BillingOverviewRow {
  plan: string;
  status: string | null;
  members: number;
  integrations: number;
  /** The period's counters by metric (bigint counts may come back as text). */
  usage: Record<string, number | string>;
}

/** Organizations' plans, their provider subscriptions (`billing_subscriptions`) and the provider events applied (`billing_events`). */
export interface BillingStore {
  overview(organizationId: string, periodStart: Date): Promise<BillingOverviewRow | undefined>;
  /** The plan, the provider's customer and the member's email, for a checkout. */
  checkoutContext(
    organizationId: string,
    userId: string,
  ): Promise<{ plan: string; customer_id: string | null; email: string | null } | undefined>;
  /** Runs `work` in one transaction, with a store bound to it. */
  transaction<T>(work: (store: BillingStore) => Promise<T>): Promise<T>;
  /** Records a provider event id: false when it was recorded before (a replay). Ids are every organization's, by design: the provider's. */
  recordEvent(event: { id: string; type: string; organizationId: string | null }): Promise<boolean>;
  /** Sets the organization's plan; false when there is no such organization or (`onlyIfDifferent`) it was already on it. */
  setPlan(organizationId: string, plan: string, options?: { onlyIfDifferent?: boolean }): Promise<boolean>;
  /** The organization's subscription is the given one, active; a missing customer id keeps the stored one. */
  activateSubscription(organizationId: string, ids: { customerId: string | null; subscriptionId: string | null }): Promise<void>;
  /**
   * The subscription row of the organization, or else the one with this subscription id: every
   * organization's, by design, as a provider event may name only its subscription.
   */
  findSubscription(
    organizationId: string | null,
    subscriptionId: string | null,
  ): Promise<{ organization_id: string; subscription_id: string | null } | undefined>;
  setSubscriptionStatus(organizationId: string, status: string): Promise<void>;
}

// The whole of GET /billing in one round trip: plan, subscription, seats, integrations and the period's counters.
const OVERVIEW_SQL = `select o.plan, s.status,
  (select count(*) from users u where u.organization_id = o.id)::int as members,
  (select count(*) from integrations i where i.organization_id = o.id)::int as integrations,
  coalesce((select json_object_agg(c.metric, c.count) from usage_counters c where c.organization_id = o.id and c.period_start = ?::date), '{}'::json) as usage
  from organizations o left join billing_subscriptions s on s.organization_id = o.id where o.id = ?`;

export function createBillingStore(em: EntityManager): BillingStore {
  return {
    async overview(organizationId, periodStart) {
      const [row] = await em.execute<BillingOverviewRow[]>(OVERVIEW_SQL, [periodStart.toISOString().slice(0, 10), organizationId]);
      return row;
    },

    async checkoutContext(organizationId, userId) {
      const [row] = await em.execute<Array<{ plan: string; customer_id: string | null; email: string | null }>>(
        `select o.plan, s.customer_id, (select email from users where id = ? and organization_id = o.id) as email
         from organizations o left join billing_subscriptions s on s.organization_id = o.id where o.id = ?`,
        [userId, organizationId],
      );
      return row;
    },

    transaction: (work) => em.transactional((tx) => work(createBillingStore(tx))),

    async recordEvent(event) {
      const recorded = await em.execute<unknown[]>(
        'insert into billing_events (id, type, organization_id) values (?, ?, ?) on conflict (id) do nothing returning id',
        [event.id, event.type, event.organizationId],
      );
      return recorded.length > 0;
    },

    async setPlan(organizationId, plan, options = {}) {
      const updated = options.onlyIfDifferent
        ? await em.execute<Array<{ id: string }>>(
            'update organizations set plan = ?, updated_at = now() where id = ? and plan <> ? returning id',
            [plan, organizationId, plan],
          )
        : await em.execute<Array<{ id: string }>>('update organizations set plan = ?, updated_at = now() where id = ? returning id', [
            plan,
            organizationId,
          ]);
      return updated.length > 0;
    },

    async activateSubscription(organizationId, ids) {
      await em.execute(
        `insert into billing_subscriptions (organization_id, status, customer_id, subscription_id, updated_at) values (?, 'active', ?, ?, now())
         on conflict (organization_id) do update set status = 'active', customer_id = coalesce(excluded.customer_id, billing_subscriptions.customer_id),
           subscription_id = excluded.subscription_id, updated_at = now()`,
        [organizationId, ids.customerId, ids.subscriptionId],
      );
    },

    async findSubscription(organizationId, subscriptionId) {
      const [current] = await em.execute<Array<{ organization_id: string; subscription_id: string | null }>>(
        `select organization_id, subscription_id from billing_subscriptions where organization_id = ? or subscription_id = ?
         order by organization_id = ? desc nulls last limit 1`,
        [organizationId, subscriptionId, organizationId],
      );
      return current;
    },

    async setSubscriptionStatus(organizationId, status) {
      await em.execute('update billing_subscriptions set status = ?, updated_at = now() where organization_id = ?', [
        status,
        organizationId,
      ]);
    },
  };
}
