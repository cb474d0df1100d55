import type { EntityManager } from '@mikro-orm/core';

/**
 * A store's `transaction(organizationId, work)`: `work` runs in one transaction on the unit the
 * store builds for that organization, and what it changed through the ORM is flushed at its end,
 * so all of it commits or none.
 */
export function organizationTransaction<Em extends EntityManager, Unit>(em: Em, unit: (tx: Em, organizationId: string) => Unit) {
  return <T>(organizationId: string, work: (unit: Unit) => Promise<T>): Promise<T> =>
    em.transactional(async (tx) => {
      const result = await work(unit(tx, organizationId));
      await tx.flush();
      return result;
    });
}
