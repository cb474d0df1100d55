import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { RetentionTable } from '../activities/retention.activities.ts';

const { listRetentionPolicies } = proxyActivities<Activities>({ startToCloseTimeout: '1 minute', retry: { maximumInterval: '1 minute' } });
const { purgeExpired } = proxyActivities<Activities>({
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '2 minutes',
  retry: { maximumInterval: '5 minutes' },
});

const TABLES: readonly RetentionTable[] = ['alerts', 'log_entries', 'notifications', 'audit_events'];

/**
 * Deletes, per organization, alerts, logs and notifications older than its retention_days, and audit
 * events older than that or the operator's AUDIT_RETENTION_MIN_DAYS, whichever is longer. Run daily by the `retention` schedule (worker/retention-schedule.ts). The cut-off
 * is computed from the workflow's start time, so a replay computes the same one.
 */
export async function retentionWorkflow(): Promise<{ deleted: number }> {
  const startedAt = workflowInfo().startTime.getTime();
  let deleted = 0;
  for (const { organizationId, retentionDays, auditRetentionDays } of await listRetentionPolicies()) {
    for (const table of TABLES) {
      const days = table === 'audit_events' ? (auditRetentionDays ?? retentionDays) : retentionDays;
      const before = new Date(startedAt - days * 86_400_000).toISOString();
      deleted += await purgeExpired({ organizationId, table, before });
    }
  }
  return { deleted };
}
