import type { EntityManager } from '@mikro-orm/postgresql';
import { planQuotas, quotaAllowsOneMore, type QuotaResource } from '../../shared/domain/billing.ts';
import { NotFoundError, PlanLimitReachedError } from '../../shared/errors.ts';

// Table names from this map only, never from input.
const COUNTED: Record<QuotaResource, string> = { members: 'users', integrations: 'integrations' };

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
export function createPlanQuota(
  deps: {
    overrides?: Partial<Record<QuotaResource, number | undefined>>;
    /** Without a billing provider plans cap nothing (only `overrides` do). */
    billingConfigured?: boolean;
  } = {},
) {
  const options = { billingConfigured: deps.billingConfigured ?? true };
  return {
    async reserve(tx: EntityManager, organizationId: string, resource: QuotaResource): Promise<void> {
      // No cap whatever the plan: nothing to lock or count.
      if (planQuotas(null, deps.overrides, options)[resource] === null) return;
      const [organization] = await tx.execute<Array<{ plan: string }>>('select plan from organizations where id = ? for no key update', [
        organizationId,
      ]);
      if (!organization) throw new NotFoundError('Organization');
      const [counted] = await tx.execute<Array<{ used: number }>>(
        `select count(*)::int as used from ${COUNTED[resource]} where organization_id = ?`,
        [organizationId],
      );
      const quotas = planQuotas(organization.plan, deps.overrides, options);
      if (!quotaAllowsOneMore(quotas, resource, counted?.used ?? 0))
        throw new PlanLimitReachedError(resource, quotas[resource] ?? 0, organization.plan, { upgradable: options.billingConfigured });
    },
  };
}
