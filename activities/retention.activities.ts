import { heartbeat } from '@temporalio/activity';
import type { Orm } from '../shared/db/orm.ts';
import { auditRetentionDays, DEFAULT_AUDIT_RETENTION_MIN_DAYS, readSettings } from '../shared/domain/organization-settings.ts';

/** Tables retention applies to (audit_events with the operator's floor), with the column that dates their rows. Names come from here only. */
export const RETENTION_TABLES = {
  alerts: 'received_at',
  log_entries: 'created_at',
  notifications: 'created_at',
  audit_events: 'created_at',
} as const;
export type RetentionTable = keyof typeof RETENTION_TABLES;

/** Rows one delete statement removes: short transactions and bounded locks, whatever the backlog. */
export const RETENTION_BATCH = 5000;

export interface RetentionActivityDeps {
  orm: Orm;
  /** The operator's AUDIT_RETENTION_MIN_DAYS: audit events younger than this are never purged. */
  auditRetentionMinDays?: number;
}

const DAY_MS = 86_400_000;

export function createRetentionActivities(deps: RetentionActivityDeps) {
  const connection = () => deps.orm.em.fork().getConnection();
  const auditMinimumDays = deps.auditRetentionMinDays ?? DEFAULT_AUDIT_RETENTION_MIN_DAYS;
  return {
    /**
     * Every organization with its retention_days (the setting's default when it saved none) and the
     * days its audit events are kept (never fewer than the operator's minimum).
     */
    async listRetentionPolicies(): Promise<Array<{ organizationId: string; retentionDays: number; auditRetentionDays: number }>> {
      const rows = await connection().execute<Array<{ id: string; settings: unknown }>>(
        'select id, settings from organizations order by id',
      );
      return rows.map((row) => {
        const retentionDays = readSettings(row.settings).retention_days;
        return { organizationId: row.id, retentionDays, auditRetentionDays: auditRetentionDays(retentionDays, auditMinimumDays) };
      });
    },

    /**
     * Deletes one organization's rows of `table` older than `before`, in batches, heartbeating
     * between them; a retried attempt simply continues. Returns how many rows went.
     */
    async purgeExpired(input: { organizationId: string; table: RetentionTable; before: string }): Promise<number> {
      const column = RETENTION_TABLES[input.table];
      if (!column) throw new Error(`no retention for table ${input.table}`);
      // Enforced here as well, whatever cut-off a caller computed: the audit trail's floor holds.
      const floor = Date.now() - auditMinimumDays * DAY_MS;
      const before = input.table === 'audit_events' ? new Date(Math.min(Date.parse(input.before), floor)).toISOString() : input.before;
      const sql = `delete from ${input.table} where id in (
        select id from ${input.table} where organization_id = ? and ${column} < ? limit ${RETENTION_BATCH})`;
      let deleted = 0;
      for (;;) {
        const result = await connection().execute(sql, [input.organizationId, before], 'run');
        const affected = (result as { affectedRows?: number }).affectedRows ?? 0;
        deleted += affected;
        heartbeat(deleted);
        if (affected < RETENTION_BATCH) return deleted;
      }
    },
  };
}
