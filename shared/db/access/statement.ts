import type { EntityManager } from '@mikro-orm/core';

/**
 * A raw statement on the unit of work's connection, inside its transaction when it is in one: a
 * statement sent on the bare connection would commit on its own even if the transaction rolls back.
 */
export function runStatement<T>(em: EntityManager, sql: string, params: unknown[] = [], method: 'all' | 'get' | 'run' = 'all'): Promise<T> {
  return em.getConnection().execute<T>(sql, params, method, em.getTransactionContext());
}
