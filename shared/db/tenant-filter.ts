import type { EntityManager, FilterDef, MikroORM } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';

/** Name of the filter that scopes every tenant-owned entity to one organization. */
export const TENANT_FILTER = 'tenant';

export interface TenantFilterArgs {
  organizationId: string;
}

/**
 * The organization filter is on by default: a query without filter arguments fails instead of
 * reading across organizations. Code that must look across them (login by email, the worker's
 * system jobs) turns it off explicitly with `filters: { tenant: false }`.
 */
export function tenantFilter(column: 'organization' | 'id' = 'organization'): Record<string, FilterDef> {
  return {
    [TENANT_FILTER]: {
      name: TENANT_FILTER,
      cond: (args: TenantFilterArgs) => ({ [column]: args.organizationId }),
      default: true,
    },
  };
}

/** A fresh unit of work scoped to one organization: what every worker activity writes through. */
export function forkForOrganization(orm: MikroORM, organizationId: string): EntityManager {
  const em = orm.em.fork();
  em.setFilterParams(TENANT_FILTER, { organizationId });
  return em;
}

/** A fresh unit of work with no organization set, for stores: they scope every query by the organization they are given. */
export function forkForStores(orm: MikroORM): SqlEntityManager {
  return orm.em.fork() as SqlEntityManager;
}
