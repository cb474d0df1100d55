import type { EntityManager, EntityName } from '@mikro-orm/core';

/**
 * Which of `ids` name a row of `entity` the manager can see: with the tenant filter on (a request's
 * manager), rows of the caller's organization only. One query; none for no ids.
 */
export async function existingIds<T extends { id: string }>(
  em: EntityManager,
  entity: EntityName<T>,
  ids: readonly string[],
): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await em.find(entity, { id: { $in: unique } } as never, { fields: ['id'] as never });
  return new Set(rows.map((row) => row.id));
}
