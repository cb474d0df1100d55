import type { PlanQuotaStore, QuotaUnitOfWork } from '../../shared/db/access/plan-quotas.ts';
import { planQuotas, quotaAllowsOneMore, type QuotaResource } from '../../shared/domain/billing.ts';
import { NotFoundError, PlanLimitReachedError } from '../../shared/errors.ts';

export type PlanQuota = ReturnType<typeof createPlanQuota>;

/**
 * The plan's member and integration quotas, checked inside the transaction that adds one. The
 * organization row is locked first (FOR NO KEY UPDATE: it serializes the quota checks of one
 * organization without blocking other transactions' foreign-key checks against the row), then the
 * rows are counted by a second statement: under READ COMMITTED a statement sees what committed
 * before it started, so a count in the locking statement itself would read the snapshot from
 * before the wait and let two concurrent creates at quota - 1 both through (the test of it fails
 * that way). Two round trips.
 */
export function createPlanQuota(deps: {
  /** The quota's queries within the transaction that adds the member or integration. */
  store: (tx: QuotaUnitOfWork) => PlanQuotaStore;
  overrides?: Partial<Record<QuotaResource, number | undefined>>;
  /** Without a billing provider plans cap nothing (only `overrides` do). */
  billingConfigured?: boolean;
}) {
  const options = { billingConfigured: deps.billingConfigured ?? true };
  return {
    async reserve(tx: QuotaUnitOfWork, organizationId: string, resource: QuotaResource): Promise<void> {
      // No cap whatever the plan: nothing to lock or count.
      if (planQuotas(null, deps.overrides, options)[resource] === null) return;
      const store = deps.store(tx);
      const plan = await store.lockPlan(organizationId);
      if (plan === undefined) throw new NotFoundError('Organization');
      const used = await store.count(organizationId, resource);
      const quotas = planQuotas(plan, deps.overrides, options);
      if (!quotaAllowsOneMore(quotas, resource, used))
        throw new PlanLimitReachedError(resource, quotas[resource] ?? 0, plan, { upgradable: options.billingConfigured });
    },
  };
}
