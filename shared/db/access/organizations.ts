import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { OrganizationEntity, type Organization } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import type { QuotaResource } from '../../domain/billing.ts';

/**
 * Locks the organization row until the caller's transaction ends: writes that must see each other
 * (the default escalation policy, the routing rules' order) take turns per organization.
 */
export async function lockOrganization(em: EntityManager, organizationId: string): Promise<void> {
  await em.execute('select id from organizations where id = ? for update', [organizationId]);
}

/**
 * Locks the organization row FOR NO KEY UPDATE (it serializes the organization's quota checks
 * without blocking other transactions' foreign-key checks against the row) and reads its plan;
 * undefined when there is no such organization.
 */
export async function lockOrganizationPlan(em: EntityManager, organizationId: string): Promise<string | undefined> {
  const [organization] = await em.execute<Array<{ plan: string }>>('select plan from organizations where id = ? for no key update', [
    organizationId,
  ]);
  return organization?.plan;
}

// Table names from this map only, never from input.
const COUNTED: Record<QuotaResource, string> = { members: 'users', integrations: 'integrations' };

/** How many members or integrations the organization has. */
export async function countOrganizationResource(em: EntityManager, organizationId: string, resource: QuotaResource): Promise<number> {
  const [counted] = await em.execute<Array<{ used: number }>>(
    `select count(*)::int as used from ${COUNTED[resource]} where organization_id = ?`,
    [organizationId],
  );
  return counted?.used ?? 0;
}

/** Every organization whose settings set `auto_resolve_after_hours`, with it. */
export function autoResolvingOrganizations(em: EntityManager): Promise<Array<{ id: string; hours: number }>> {
  return em.execute<Array<{ id: string; hours: number }>>(
    `select id, (settings->>'auto_resolve_after_hours')::float8 as hours from organizations
     where jsonb_typeof(settings->'auto_resolve_after_hours') = 'number'`,
  );
}

/** An organization as stored; `settings` as written (readSettings fills in the defaults). */
export interface OrganizationRecord {
  id: string;
  name: string;
  plan: string;
  settings: unknown;
  createdAt: Date;
}

/** Every read and write is confined to the organization given: there is never another one to address. */
export interface OrganizationStore {
  /** Throws when there is no such organization. */
  find(organizationId: string): Promise<OrganizationRecord>;
  rename(organizationId: string, name: string): Promise<OrganizationRecord>;
  /**
   * Under a row lock (so concurrent patches of different fields both survive), writes the settings
   * `change` returns for the current ones, in one transaction: `change` throwing leaves them as they were.
   */
  updateSettings<T>(organizationId: string, change: (current: unknown) => T): Promise<T>;
}

export const organizationRecord = (organization: Organization): OrganizationRecord => ({
  id: organization.id,
  name: organization.name,
  plan: organization.plan,
  settings: organization.settings,
  createdAt: organization.createdAt,
});

export function createOrganizationStore(em: EntityManager): OrganizationStore {
  return {
    async find(organizationId) {
      return organizationRecord(await em.findOneOrFail(OrganizationEntity, { id: organizationId }, unscoped));
    },

    async rename(organizationId, name) {
      const organization = await em.findOneOrFail(OrganizationEntity, { id: organizationId }, unscoped);
      organization.name = name;
      await em.flush();
      return organizationRecord(organization);
    },

    updateSettings: (organizationId, change) =>
      em.transactional(async (tx) => {
        const organization = await tx.findOneOrFail(
          OrganizationEntity,
          { id: organizationId },
          { ...unscoped, lockMode: LockMode.PESSIMISTIC_WRITE },
        );
        const result = change(organization.settings);
        organization.settings = result as Organization['settings'];
        await tx.flush();
        return result;
      }),
  };
}
