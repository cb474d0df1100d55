import {
  condition,
  continueAsNew,
  isCancellation,
  log,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  sleep,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { MAX_ALERTS_PER_BATCH, type AlertBucketInput, type AlertSignalPayload } from '../shared/domain/ingestion.ts';
import { dbActivityOptions, dbLocalActivityOptions } from './activity-options.ts';
import { alertsReceivedSignal, bucketStateQuery } from './messages.ts';

const local = proxyLocalActivities<Activities>(dbLocalActivityOptions);
const durable = proxyActivities<Activities>(dbActivityOptions);

/**
 * A batch is first tried as a local activity (no server round trip, a few bounded attempts); if
 * those fail, e.g. the database is down, the same idempotent write becomes a regular activity that
 * the server retries without limit, so the workflow task completes at once and the alerts wait in
 * Temporal until the database is back.
 */
async function recordAlertBatch(signals: AlertSignalPayload[]): ReturnType<Activities['recordAlertBatch']> {
  try {
    return await local.recordAlertBatch({ signals });
  } catch (error) {
    // The SDK may surface a local activity's own failure (the driver's error) rather than an ActivityFailure.
    if (isCancellation(error)) throw error;
    return durable.recordAlertBatch({ signals });
  }
}

// Continue-as-new well before Temporal's history warnings (10,240 events / 10 MB; it refuses at
// 51,200 / 50 MB): a worker replays a bucket's whole history when it is evicted from the cache, so
// a short history keeps that cheap. docs/ingestion.md has the numbers.
const MAX_HISTORY_EVENTS = 4_000;
const MAX_HISTORY_BYTES = 4 * 1024 * 1024;
// Continue-as-new carries `pending` in its input: only while that stays far from Temporal's 2 MB
// payload limit. A run under a storm that never gets this low goes on until it does.
const MAX_CARRIED_ALERTS = 100;
/** A bucket with nothing to do for this long ends; the API's next signalWithStart starts it again. */
export const BUCKET_IDLE_MS = 5 * 60_000;

/**
 * One of an integration's ALERT_BUCKETS ingestion workflows, `alert-bucket:<org>:<integration>:<n>`,
 * receiving the alerts of every dedup key that hashes to n (signalWithStart from the API). Applies
 * all pending alerts, of many keys, in one transaction per batch (recordAlertBatch); PostgreSQL's
 * row locks and the partial unique index on open incidents decide dedup, and receipt ids are
 * checked there too, so the workflow keeps no per-key state. Continues as new before its history
 * grows large, and ends after BUCKET_IDLE_MS without alerts.
 */
export async function alertBucketWorkflow(input: AlertBucketInput): Promise<void> {
  const pending: AlertSignalPayload[] = [...(input.pending ?? [])];
  setHandler(alertsReceivedSignal, ({ alerts }) => {
    // The API only sends a bucket its own integration's alerts; anything else is refused here, so
    // a batch (one organization's transaction) never carries another tenant's alert.
    const own = alerts.filter((alert) => alert.organizationId === input.organizationId && alert.integrationId === input.integrationId);
    if (own.length < alerts.length) log.warn('alerts of another integration refused', { refused: alerts.length - own.length });
    pending.push(...own);
  });
  setHandler(bucketStateQuery, () => ({ pending: pending.length }));

  // One idle timer per quiet period, not one per wait: a timer armed and cancelled around every
  // batch would cost two history events and two server operations per workflow task.
  const idleMs = input.idleMs ?? BUCKET_IDLE_MS;
  let lastActiveAt = Date.now();
  let idle = false;
  const watchIdle = async () => {
    while (Date.now() - lastActiveAt < idleMs) await sleep(lastActiveAt + idleMs - Date.now());
    idle = true;
  };
  void watchIdle();

  for (;;) {
    await condition(() => pending.length > 0 || idle);
    // A signal that lands while the run completes fails that completion, and the run goes on with it.
    if (pending.length === 0) return;
    while (pending.length > 0) {
      await recordAlertBatch(pending.splice(0, MAX_ALERTS_PER_BATCH));
      const info = workflowInfo();
      const runIsLong =
        info.continueAsNewSuggested ||
        info.historyLength >= (input.maxHistoryEvents ?? MAX_HISTORY_EVENTS) ||
        info.historySize >= MAX_HISTORY_BYTES;
      if (runIsLong && pending.length <= MAX_CARRIED_ALERTS) {
        await continueAsNew<typeof alertBucketWorkflow>({ ...input, pending });
      }
    }
    lastActiveAt = Date.now();
    if (idle) {
      idle = false;
      void watchIdle();
    }
  }
}
