import type { FilterDef, MikroORM } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';

/** Name of the filter on every tenant-owned entity (below: it only fails closed). */
export const TENANT_FILTER = 'tenant';

export interface TenantFilterArgs {
  organizationId: string;
}

/**
 * Tenancy is the organization each store names in every statement. This filter only fails closed:
 * it is on by default and never given arguments, so an ORM query on a tenant-owned entity that has
 * not named its organization and turned the filter off (`filters: { tenant: false }`) fails
 * instead of reading across organizations.
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

/** A fresh unit of work with no organization set, for stores: they scope every query by the organization they are given. */
export function forkForStores(orm: MikroORM): SqlEntityManager {
  return orm.em.fork() as SqlEntityManager;
}

/** Query options for a store that names the organization itself: the fail-closed filter is off. */
export const unscoped = { filters: { [TENANT_FILTER]: false } } as const;
