import type { EntityManager } from '@mikro-orm/postgresql';
import type { QuotaResource } from '../../domain/billing.ts';
import { countOrganizationResource, lockOrganizationPlan } from './organizations.ts';

/** The transaction a quota is reserved in: the write that adds the member or integration runs in it too. */
export type QuotaUnitOfWork = EntityManager;

/** Every read is confined to the organization given. */
export interface PlanQuotaStore {
  /**
   * Locks the organization row FOR NO KEY UPDATE until the transaction ends and reads its plan;
   * undefined when there is no such organization.
   */
  lockPlan(organizationId: string): Promise<string | undefined>;
  /** How many members or integrations the organization has, as of this statement. */
  count(organizationId: string, resource: QuotaResource): Promise<number>;
}

/** The plan and the counted rows of a quota check, within the caller's transaction `em`. */
export function createPlanQuotaStore(em: QuotaUnitOfWork): PlanQuotaStore {
  return {
    lockPlan: (organizationId) => lockOrganizationPlan(em, organizationId),
    count: (organizationId, resource) => countOrganizationResource(em, organizationId, resource),
  };
}
