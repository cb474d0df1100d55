import { continueAsNew, log, proxyActivities, proxyLocalActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { MAX_ALERTS_PER_BATCH, type AlertBucketInput, type AlertSignalPayload } from '../shared/domain/ingestion.ts';
import { dbActivityOptions, dbLocalActivityOptions } from './activity-options.ts';
import { localFirst } from './helpers/local-first.ts';
import { drainSignalBatches } from './helpers/signal-batch-drain.ts';
import { alertsReceivedSignal, bucketStateQuery } from './messages.ts';

const local = proxyLocalActivities<Activities>(dbLocalActivityOptions);
const durable = proxyActivities<Activities>(dbActivityOptions);

// During a database outage the alerts wait in Temporal, in the regular activity's server-side retry.
const recordAlertBatch = localFirst(local.recordAlertBatch, durable.recordAlertBatch);

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
