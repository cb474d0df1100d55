import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';

const { autoResolveIdleIncidents } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 5 },
});

// Bounds one run's history; a larger backlog goes on at the next minute's run.
const MAX_ROUNDS = 20;

/**
 * Resolves alert-opened incidents idle for their organization's auto_resolve_after_hours, batch by
 * batch. Started every minute by the `auto-resolve` schedule (worker/auto-resolve-schedule.ts), so
 * one timer per incident is not needed.
 */
export async function autoResolveSweepWorkflow(): Promise<{ resolved: number }> {
  let resolved = 0;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const outcome = await autoResolveIdleIncidents({});
    resolved += outcome.resolved;
    if (!outcome.more) break;
  }
  return { resolved };
}
