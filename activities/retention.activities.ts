import { heartbeat } from '@temporalio/activity';
import { RETENTION_TABLES, type RetentionStore, type RetentionTable } from '../shared/db/access/retention.ts';
import { auditRetentionDays, DEFAULT_AUDIT_RETENTION_MIN_DAYS, readSettings } from '../shared/domain/organization-settings.ts';

export { RETENTION_TABLES, type RetentionTable };

/** Rows one delete statement removes: short transactions and bounded locks, whatever the backlog. */
export const RETENTION_BATCH = 5000;

export interface RetentionActivityDeps {
  /** A fresh unit of work per call. */
  retention: () => RetentionStore;
  /** The operator's AUDIT_RETENTION_MIN_DAYS: audit events younger than this are never purged. */
  auditRetentionMinDays?: number;
}

const DAY_MS = 86_400_000;

export function createRetentionActivities(deps: RetentionActivityDeps) {
  const auditMinimumDays = deps.auditRetentionMinDays ?? DEFAULT_AUDIT_RETENTION_MIN_DAYS;
  return {
    /**
     * Every organization with its retention_days (the setting's default when it saved none) and the
     * days its audit events are kept (never fewer than the operator's minimum).
     */
    async listRetentionPolicies(): Promise<Array<{ organizationId: string; retentionDays: number; auditRetentionDays: number }>> {
      const rows = await deps.retention().settingsAcrossOrganizations();
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
      if (!RETENTION_TABLES[input.table]) throw new Error(`no retention for table ${input.table}`);
      // Enforced here as well, whatever cut-off a caller computed: the audit trail's floor holds.
      const floor = Date.now() - auditMinimumDays * DAY_MS;
      const before = input.table === 'audit_events' ? new Date(Math.min(Date.parse(input.before), floor)).toISOString() : input.before;
      let deleted = 0;
      for (;;) {
        const affected = await deps.retention().deleteExpiredBatch(input.organizationId, input.table, before, RETENTION_BATCH);
        deleted += affected;
        heartbeat(deleted);
        if (affected < RETENTION_BATCH) return deleted;
      }
    },
  };
}
