import type { EntityManager } from '@mikro-orm/postgresql';
import { runStatement } from './statement.ts';

/** Tables retention applies to (audit_events with the operator's floor), with the column that dates their rows. Names come from here only. */
export const RETENTION_TABLES = {
  alerts: 'received_at',
  log_entries: 'created_at',
  notifications: 'created_at',
  audit_events: 'created_at',
} as const;
export type RetentionTable = keyof typeof RETENTION_TABLES;

/** Every organization's id and stored settings, in id order. */
export function organizationSettings(em: EntityManager): Promise<Array<{ id: string; settings: unknown }>> {
  return em.execute<Array<{ id: string; settings: unknown }>>('select id, settings from organizations order by id');
}

/** Deletes at most `limit` of the organization's rows of `table` dated before `before`; how many went. */
export async function deleteExpiredBatch(
  em: EntityManager,
  table: RetentionTable,
  organizationId: string,
  before: string,
  limit: number,
): Promise<number> {
  const column = RETENTION_TABLES[table];
  if (!column) throw new Error(`no retention for table ${table}`);
  const result = await runStatement(
    em,
    `delete from ${table} where id in (select id from ${table} where organization_id = ? and ${column} < ? limit ${Number(limit)})`,
    [organizationId, before],
    'run',
  );
  return (result as { affectedRows?: number }).affectedRows ?? 0;
}

/** Retention's reads and deletes; the deletes are confined to the organization given. */
export interface RetentionStore {
  /** Every organization's id and stored settings, in id order: retention runs for all of them. */
  settingsAcrossOrganizations(): Promise<Array<{ id: string; settings: unknown }>>;
  /** Deletes at most `limit` of the organization's rows of `table` dated before `before`; how many went. */
  deleteExpiredBatch(organizationId: string, table: RetentionTable, before: string, limit: number): Promise<number>;
}

export function createRetentionStore(em: EntityManager): RetentionStore {
  return {
    settingsAcrossOrganizations: () => organizationSettings(em),
    deleteExpiredBatch: (organizationId, table, before, limit) => deleteExpiredBatch(em, table, organizationId, before, limit),
  };
}
