import { condition, continueAsNew, proxyActivities, proxyLocalActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { dueHeartbeatAlerts } from '../shared/domain/heartbeat.ts';
import { dbActivityOptions, dbLocalActivityOptions } from './activity-options.ts';
import { heartbeatChangedSignal, heartbeatLedgerQuery, type HeartbeatWorkflowInput } from './heartbeat-messages.ts';
import { localFirst } from './helpers/local-first.ts';

const local = proxyLocalActivities<Activities>(dbLocalActivityOptions);
const durable = proxyActivities<Activities>(dbActivityOptions);
const evaluateHeartbeat = localFirst(local.evaluateHeartbeat, durable.evaluateHeartbeat);
const recordHeartbeatAlert = localFirst(local.recordHeartbeatAlert, durable.recordHeartbeatAlert);

/** Wakes per run before continuing as new: about 8 history events each, far below Temporal's limits. */
const MAX_WAKES_PER_RUN = 250;

/**
 * One per heartbeat, `heartbeat:<id>`: a durable timer at the heartbeat's deadline. Pings only stamp
 * the row (no workflow task per ping); at the deadline the workflow reads the row under its lock
 * and either re-arms for the new deadline or lapses it, then hands the lapse's alert to the
 * ingestion path (stable dedup key, alert id per lapse, so a retry opens nothing twice). While
 * down it waits for `heartbeatChanged` (the ping route sends it) and resolves with the next ping.
 * Idle, it is a timer in Temporal's database: no worker or server CPU.
 */
export async function heartbeatWorkflow(input: HeartbeatWorkflowInput): Promise<void> {
  const { organizationId, heartbeatId } = input;
  const ledger = { firedLapse: input.firedLapse ?? 0, resolvedLapse: input.resolvedLapse ?? 0 };
  let changed = false;
  setHandler(heartbeatChangedSignal, () => {
    changed = true;
  });
  setHandler(heartbeatLedgerQuery, () => ({ ...ledger }));

  for (let wakes = 1; ; wakes++) {
    // Cleared before the read: a signal arriving during it wakes the next wait at once.
    changed = false;
    const state = await evaluateHeartbeat({ organizationId, heartbeatId });
    if (!state) return;
    for (const due of dueHeartbeatAlerts(ledger, state)) {
      await recordHeartbeatAlert({ organizationId, heartbeatId, lapse: due.lapse, status: due.status });
      if (due.status === 'firing') ledger.firedLapse = due.lapse;
      else ledger.resolvedLapse = due.lapse;
    }
    if (!changed && (wakes >= MAX_WAKES_PER_RUN || workflowInfo().continueAsNewSuggested)) {
      await continueAsNew<typeof heartbeatWorkflow>({ organizationId, heartbeatId, ...ledger });
    }
    await condition(() => changed, Math.max(1, state.wakeAtMs - state.nowMs));
  }
}
