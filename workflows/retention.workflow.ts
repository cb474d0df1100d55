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
 * Deletes, per organization, alerts, logs, notifications and audit events older than its
 * retention_days. Run daily by the `retention` schedule (worker/retention-schedule.ts). The cut-off
 * is computed from the workflow's start time, so a replay computes the same one.
 */
export async function retentionWorkflow(): Promise<{ deleted: number }> {
  const startedAt = workflowInfo().startTime.getTime();
  let deleted = 0;
  for (const { organizationId, retentionDays } of await listRetentionPolicies()) {
    const before = new Date(startedAt - retentionDays * 86_400_000).toISOString();
    for (const table of TABLES) deleted += await purgeExpired({ organizationId, table, before });
  }
  return { deleted };
}
