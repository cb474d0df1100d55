import { continueAsNew, isCancellation, log, proxyActivities, proxyLocalActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { MAX_ALERTS_PER_BATCH, type AlertBucketInput, type AlertSignalPayload } from '../shared/domain/ingestion.ts';
import { dbActivityOptions, dbLocalActivityOptions } from './activity-options.ts';
import { drainSignalBatches } from './helpers/signal-batch-drain.ts';
import { alertsReceivedSignal, bucketStateQuery } from './messages.ts';

const local = proxyLocalActivities<Activities>(dbLocalActivityOptions);
const durable = proxyActivities<Activities>(dbActivityOptions);

/**
 * A batch is first tried as a local activity (no server round trip, a few bounded attempts); if
 * those fail, e.g. the database is down, the same idempotent write becomes a regular activity that
 * the server retries without limit, so the workflow task completes at once and the alerts wait in
 * Temporal until the database is back.
 */
async function recordAlertBatch(input: Parameters<Activities['recordAlertBatch']>[0]): ReturnType<Activities['recordAlertBatch']> {
  try {
    return await local.recordAlertBatch(input);
  } catch (error) {
    // The SDK may surface a local activity's own failure (the driver's error) rather than an ActivityFailure.
    if (isCancellation(error)) throw error;
    return durable.recordAlertBatch(input);
  }
}

// Continue-as-new carries `pending` in its input: only while that stays far from Temporal's 2 MB
// payload limit. A run under a storm that never gets this low goes on until it does.
const MAX_CARRIED_ALERTS = 100;

/**
 * One of an integration's ALERT_BUCKETS ingestion workflows, `alert-bucket:<org>:<integration>:<n>`,
 * receiving the alerts of every dedup key that hashes to n (signalWithStart from the API). Applies
 * all pending alerts, of many keys, in one transaction per batch (recordAlertBatch); PostgreSQL's
 * row locks and the partial unique index on open incidents decide dedup, and receipt ids are
 * checked there too, so the workflow keeps no per-key state. Continues as new before its history
 * grows large, and ends after BUCKET_IDLE_MS without alerts (drainSignalBatches).
 */
export function alertBucketWorkflow(input: AlertBucketInput): Promise<void> {
  const pending: AlertSignalPayload[] = [...(input.pending ?? [])];
  setHandler(alertsReceivedSignal, ({ alerts }) => {
    // The API only sends a bucket its own integration's alerts; anything else is refused here, so
    // a batch (one organization's transaction) never carries another tenant's alert.
    const own = alerts.filter((alert) => alert.organizationId === input.organizationId && alert.integrationId === input.integrationId);
    if (own.length < alerts.length) log.warn('alerts of another integration refused', { refused: alerts.length - own.length });
    pending.push(...own);
  });
  setHandler(bucketStateQuery, () => ({ pending: pending.length }));

  return drainSignalBatches({
    queued: () => pending.length,
    *runBatch() {
      yield recordAlertBatch({ signals: pending.splice(0, MAX_ALERTS_PER_BATCH) });
    },
    continueAsNew: () => continueAsNew<typeof alertBucketWorkflow>({ ...input, pending }),
    maxCarried: MAX_CARRIED_ALERTS,
    idleMs: input.idleMs,
    maxHistoryEvents: input.maxHistoryEvents,
  });
}
